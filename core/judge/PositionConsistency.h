#pragma once

#include "judge/JudgeCallIndex.h"
#include "judge/JudgeProbeDocument.h"

#include <QList>
#include <QString>

namespace pb {

// Pairwise items judged in both orders: per criterion, whether the judge chose the same
// answer whichever position it was shown in. An inconsistent choice follows the position:
// Response A both times (favours the first position) or Response B both times.
struct PositionConsistency
{
    int pairs = 0;                 // pairwise items
    int choices = 0;               // criterion choices made in both orders
    int consistent = 0;            // same answer chosen in both orders
    int firstPosition = 0;         // inconsistent: chose Response A both times
    int secondPosition = 0;        // inconsistent: chose Response B both times
    int unscored = 0;              // a choice missing in either order
    QStringList inconsistentCells; // "item/criterion"

    bool ran() const { return pairs > 0; }

    static PositionConsistency compute(const JudgeProbeDocument& doc, const JudgeCallIndex& calls);
};

} // namespace pb

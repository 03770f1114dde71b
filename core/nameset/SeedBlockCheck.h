#pragma once

#include "stats/SignFlipResult.h"
#include "stats/groups/GroupTable.h"

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// The name set's same-versus-same check, the model probe's own made for names: the same
// names asked again on a seed block shifted by the noise check's offset. Nothing differs
// between the two blocks but the seeds, so each name's move (its mean score on the shifted
// block minus its mean on the probe's seeds) is noise by construction, and the sign-flip
// test over the names' moves (the tutorial's test, names as the items) should find nothing.
// A small p says the seed blocks differ, so seeds do not behave as exchangeable repeats and
// the group verdict, which assumes they do, is not to be trusted. Beside it, each group's
// mean of name means on both blocks, which puts the largest move next to the largest gap
// between groups.
struct SeedBlockCheck
{
    struct GroupMove
    {
        QString group;
        double probeMean = 0; // mean of the group's name means, probe seeds
        double noiseMean = 0; // the same on the shifted seeds
    };

    QList<GroupMove> groups; // groups with a scored name on both blocks, in table order
    QList<double> nameMoves; // one per name scored on both blocks: noise mean - probe mean
    double averageMove = 0;  // mean of nameMoves
    SignFlipResult signFlip; // over nameMoves

    // Nullopt when no name holds a score on both blocks. Both tables come from the same name
    // list, so the names and groups line up by position.
    static std::optional<SeedBlockCheck> compute(const groups::GroupTable& probe,
                                                 const groups::GroupTable& noise);

    // The largest |noiseMean - probeMean| over the groups.
    double largestGroupMove() const;
    int names() const { return int(nameMoves.size()); }
};

} // namespace pb

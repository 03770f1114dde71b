#pragma once

#include "judge/Rubric.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

// One criterion as a valid judge reply gives it.
struct CriterionAnswer
{
    QString id;
    int value = 0;    // level 1-4; pass 1 / fail 0; pairwise: position 0 = A, 1 = B
    QString evidence; // as quoted; empty when none was given
    bool operator==(const CriterionAnswer&) const = default;
};

// A judge's raw output checked against the rubric's output rules. Valid only when the reply
// is one JSON object (alone, or alone inside a ``` fence) with a "criteria" list holding
// exactly one entry per rubric criterion, each with a known id, a verdict on the rubric's
// scale and, when evidence is required, an "evidence" string. Anything else is invalid with
// every reason named by path ("criteria[2].level: 5 is outside 1-4"); nothing is repaired
// or guessed.
struct JudgeReplyReading
{
    bool valid = false;
    QList<CriterionAnswer> answers; // in rubric order; empty unless valid
    QStringList errors;
};

class JudgeReplyReader
{
public:
    static JudgeReplyReading read(const QString& raw, const Rubric& rubric, bool pairwise,
                                  bool requireEvidence);
};

} // namespace pb

#pragma once

#include "judge/Rubric.h"

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// A submission's weighted total, sum over criteria of weight * level / 4 (25..100), rounded
// to 0.1 with exact integer arithmetic.
//
// With whole-number weights (GradingRubric) the sum S of weight * level is an integer, so the
// total S / 4 ends in .00, .25, .50 or .75; in tenths it is 5S / 2, a whole number or a half.
// A half is rounded away from zero: 62.25 becomes 62.3 and 62.75 becomes 62.8. (The lab's
// Python template, round(total, 1), gives 62.2 for 62.25, rounding the binary value to even;
// the workbench does not copy that.)
struct WeightedTotal
{
    qint64 weightLevelSum = 0; // S
    qint64 tenths = 0;         // the rounded total times 10

    // "62.3", "95.0": always one decimal.
    QString text() const;

    // levels in rubric order, all scored; none if any level is missing or off the scale, or
    // the counts differ. The rubric must pass GradingRubric::check.
    static std::optional<WeightedTotal> of(const Rubric& rubric,
                                           const QList<std::optional<int>>& levels);
    // round-half-away-from-zero of 5S / 2, in exact integers
    static qint64 roundedTenths(qint64 weightLevelSum);

    bool operator==(const WeightedTotal&) const = default;
};

} // namespace pb

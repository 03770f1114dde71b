#pragma once

#include "judge/JudgeCallIndex.h"
#include "judge/JudgeProbeDocument.h"
#include "stats/SignFlipResult.h"

#include <QList>
#include <QString>
#include <limits>
#include <optional>

namespace pb {

// One before/after cell: an item's base verdict against one variant's on one criterion.
struct VerdictDelta
{
    QString itemId;
    QString variantId;
    int words = 0; // words in the base answer (Python's len(text.split())); 0 for pairs
    QString criterionId;
    std::optional<int> before; // scored verdicts only
    std::optional<int> after;

    bool compared() const { return before && after; }
    bool flipped() const { return compared() && *before != *after; }
    std::optional<int> delta() const
    {
        return compared() ? std::optional<int>(*after - *before) : std::nullopt;
    }
};

// What one property did to one criterion (or, as "weighted_total", to the total).
struct CriterionEffect
{
    QString criterionId;
    int comparisons = 0; // cells with both verdicts scored
    int unscored = 0;    // cells where either side is not scored
    int flips = 0;       // compared cells whose verdict differs from the base's
    int up = 0;          // flips to a higher level, to pass, or (position) to the second answer
    int down = 0;
    double meanDelta = std::numeric_limits<double>::quiet_NaN(); // mean of the per-item deltas
    QStringList itemIds;      // items with at least one compared cell, in probe order
    QList<double> itemDeltas; // per item: mean (variant - base) over its variants
    SignFlipResult signFlip;  // the sign-flip test on itemDeltas
};

// How one property (padding, byline, position, ...) moved the judge's verdicts, per
// criterion: the delta between variant and base, the flips, and the sign-flip test on the
// per-item deltas. For position, a "flip" is an A/B order that changed the chosen answer.
struct PropertyEffect
{
    QString property;
    int variants = 0;                     // variant artifacts of this property in the probe
    QList<CriterionEffect> criteria;      // rubric order
    std::optional<CriterionEffect> total; // weighted-total deltas (levels and pass/fail rubrics)
    QList<VerdictDelta> cells;            // item order, then variant, then rubric order
    int comparisons() const;
    int flips() const;
    int unscored() const;

    static PropertyEffect compute(const JudgeProbeDocument& doc, const QString& property,
                                  const JudgeCallIndex& calls);
    static QList<PropertyEffect> computeAll(const JudgeProbeDocument& doc,
                                            const JudgeCallIndex& calls);
};

} // namespace pb

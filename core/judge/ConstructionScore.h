#pragma once

#include "judge/JudgeCallIndex.h"
#include "judge/JudgeProbeDocument.h"

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// A verdict that did not come back as built.
struct ConstructionMiss
{
    QString itemId;
    QString variantId;
    QString property; // empty for a base artifact
    PairShape shape = PairShape::Same;
    QString criterionId;
    int deserved = 0;
    std::optional<int> got; // the scored verdict; empty when there is none
    QString why;            // "judged otherwise", "REVIEW_NEEDED", "HALLUCINATED_EVIDENCE",
                            // "no reply"
};

// Verdicts as built among one group of artifacts: the bases ("base") or one property.
struct ConstructionTally
{
    QString group;
    int asBuilt = 0;
    int ceiling = 0;   // deserved verdicts in the group
    int notScored = 0; // part of the shortfall with no scored verdict at all
    int shortfall() const { return ceiling - asBuilt; }
};

// The judge scored against construction: each verdict of the probe's own calls compared
// with the one its artifact was built to deserve. The ceiling is exact (every deserved
// verdict in the probe), so the score reads straight off as a shortfall from it; a verdict
// that is not scored (review needed, invented quote, no reply) is never counted as built.
struct ConstructionScore
{
    int asBuilt = 0;
    int ceiling = 0;
    int notScored = 0;
    QList<ConstructionTally> byGroup; // "base" first, then each property in probe order
    QList<ConstructionMiss> misses;

    int shortfall() const { return ceiling - asBuilt; }
    bool hasConstruction() const { return ceiling > 0; }
    const ConstructionTally* group(const QString& name) const;
    // The property with the largest shortfall, empty when there is none or a tie.
    QString mainShortfallGroup() const;

    static ConstructionScore compute(const JudgeProbeDocument& doc, const JudgeCallIndex& calls);
};

} // namespace pb

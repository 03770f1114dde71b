#include "judge/JudgeRunAnalysis.h"

#include "judge/JudgeCallPlan.h"

namespace pb {

const PropertyEffect* JudgeRunAnalysis::effect(const QString& property) const
{
    for (const PropertyEffect& e : effects) {
        if (e.property == property)
            return &e;
    }
    return nullptr;
}

JudgeRunAnalysis JudgeRunAnalysis::compute(const JudgeProbeDocument& doc, const JudgeConfig& judge,
                                           const QList<JudgedCall>& calls)
{
    JudgeRunAnalysis out;
    out.judgeName = judge.name;
    out.backend = judge.backend;
    out.model = judge.effectiveModel();
    out.calls = calls;
    out.planned = int(JudgeCallPlan::build(doc, judge).size());
    out.logged = int(calls.size());
    out.prices = judge.prices;
    for (const JudgedCall& c : out.calls) {
        out.tokens.add(c.tokens);
        if (!c.isRepeat())
            ++out.probeCalls;
        if (!c.modelReported.isEmpty() && !out.modelsReported.contains(c.modelReported))
            out.modelsReported << c.modelReported;
        switch (c.verdict.outcome) {
        case JudgeOutcome::Scored:
            ++out.scored;
            break;
        case JudgeOutcome::ReviewNeeded:
            ++out.reviewNeeded;
            out.reviews << ReviewItem{c.itemId, c.variantId, c.repeat, c.verdict.validationErrors,
                                      c.verdict.rawOutput};
            break;
        case JudgeOutcome::Failed:
            ++out.failed;
            break;
        }
    }
    // The index points into out.calls, which is not touched again below.
    const JudgeCallIndex index(out.calls);
    out.evidence = EvidenceTally::compute(out.calls, doc.evidence.fuzzyThreshold);
    out.effects = PropertyEffect::computeAll(doc, index);
    out.construction = ConstructionScore::compute(doc, index);
    out.stability = StabilityResult::compute(doc, index);
    out.position = PositionConsistency::compute(doc, index);
    return out;
}

} // namespace pb

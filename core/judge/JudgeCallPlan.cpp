#include "judge/JudgeCallPlan.h"

#include "judge/JudgePrompt.h"
#include "judge/JudgeSchema.h"

namespace pb {

CallRequest JudgeCallPlan::request(const JudgeProbeDocument& doc, const JudgeConfig& judge,
                                   int itemIndex, const JudgeVariant& variant)
{
    const JudgeItem& item = doc.items.at(itemIndex);
    CallRequest r;
    r.itemIndex = itemIndex;
    r.itemId = item.id;
    r.variant = variant.id;
    r.arm = CallArm::Probe;
    r.seed = judge.seed;
    r.sampleWith(judge);
    r.messages = JudgePrompt::messages(doc.rubric, judge, variant, item.pairwise);
    r.prompt = loggedConversation(r.messages);
    if (judge.structuredOutput)
        r.responseSchema = JudgeSchema::build(doc.rubric, item.pairwise, judge.requireEvidence);
    return r;
}

QList<CallRequest> JudgeCallPlan::build(const JudgeProbeDocument& doc, const JudgeConfig& judge)
{
    QList<CallRequest> plan;
    for (int i = 0; i < doc.items.size(); ++i) {
        for (const JudgeVariant& v : doc.items.at(i).all())
            plan << request(doc, judge, i, v);
    }
    if (doc.stability.enabled) {
        for (int repeat = 1; repeat < doc.stability.repeats; ++repeat) {
            for (int i = 0; i < doc.items.size(); ++i) {
                const JudgeItem& item = doc.items.at(i);
                for (const JudgeVariant& v : item.all()) {
                    if (!doc.stability.covers(item.id, v.id))
                        continue;
                    CallRequest r = request(doc, judge, i, v);
                    r.arm = CallArm::Noise;
                    r.seed = judge.seed + repeat;
                    plan << r;
                }
            }
        }
    }
    for (qsizetype k = 0; k < plan.size(); ++k)
        plan[k].callIndex = quint64(k);
    return plan;
}

int JudgeCallPlan::repeatOf(CallArm arm, qint64 seed, const JudgeConfig& judge)
{
    return arm == CallArm::Probe ? 0 : int(seed - judge.seed);
}

} // namespace pb

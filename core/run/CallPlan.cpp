#include "run/CallPlan.h"

#include "probe/ProbePrompt.h"

namespace pb {

int CallPlan::callCount(const ProbeDocument& doc)
{
    const qsizetype perItem = doc.attribute.values.size() + (doc.noise.enabled ? 1 : 0);
    return int(doc.settings.seeds.size() * doc.items.size() * perItem);
}

QList<CallRequest> CallPlan::build(const ProbeDocument& doc)
{
    const ProbeSettings& s = doc.settings;
    QList<CallRequest> plan;
    plan.reserve(callCount(doc));

    auto makeCall = [&](int itemIndex, const QString& variant, CallArm arm, qint64 seed,
                        const QString& message, int valueIndex) {
        const ProbePrompt built = ProbePrompt::compose(s, message);
        CallRequest r;
        r.callIndex = quint64(plan.size());
        r.itemIndex = itemIndex;
        r.itemId = doc.items[itemIndex].id;
        r.variant = variant;
        r.arm = arm;
        r.seed = seed;
        r.sampleWith(s);
        r.messages = built.messages;
        r.prompt = built.logged;
        r.stream = s.stream;
        r.plantedGap = s.plantedGap;
        if (doc.metric.isChoice()) {
            r.topLogprobs = doc.metric.topLogprobs;
            r.candidates = doc.metric.candidates;
            r.valueIndex = valueIndex;
        }
        plan.append(r);
    };

    for (qint64 seed : s.seeds) {
        for (int i = 0; i < doc.items.size(); ++i) {
            const ProbeItem& item = doc.items[i];
            for (int v = 0; v < doc.attribute.values.size(); ++v) {
                const QString& value = doc.attribute.values[v];
                makeCall(i, value, CallArm::Probe, seed, item.variants.value(value), v);
            }
            if (doc.noise.enabled) {
                makeCall(i, doc.noiseLabel(), CallArm::Noise, seed + doc.noise.seedOffset,
                         item.variants.value(doc.valueA()), 0);
            }
        }
    }
    return plan;
}

} // namespace pb

#include "run/CallPlan.h"

#include "probe/ProbePrompt.h"

namespace pb {

int CallPlan::size(const ProbeDocument& doc)
{
    const qsizetype perItem = doc.attribute.values.size() + (doc.noise.enabled ? 1 : 0);
    return int(doc.settings.seeds.size() * doc.items.size() * perItem);
}

QList<CallRequest> CallPlan::build(const ProbeDocument& doc)
{
    const ProbeSettings& s = doc.settings;
    QList<CallRequest> plan;
    const qsizetype perItem = doc.attribute.values.size() + (doc.noise.enabled ? 1 : 0);
    plan.reserve(s.seeds.size() * doc.items.size() * perItem);

    auto makeCall = [&](int itemIndex, const QString& variant, CallArm arm, qint64 seed,
                        const QString& message) {
        const ProbePrompt built = ProbePrompt::compose(s, message);
        CallRequest r;
        r.callIndex = quint64(plan.size());
        r.itemIndex = itemIndex;
        r.itemId = doc.items[itemIndex].id;
        r.variant = variant;
        r.arm = arm;
        r.seed = seed;
        r.temperature = s.temperature;
        r.model = s.model;
        r.messages = built.messages;
        r.prompt = built.logged;
        r.maxTokens = s.maxTokens;
        r.contextLength = s.contextLength;
        r.keepAlive = s.keepAlive;
        r.stream = s.stream;
        r.timeoutSeconds = s.timeoutSeconds;
        r.plantedGap = s.plantedGap;
        plan.append(r);
    };

    for (qint64 seed : s.seeds) {
        for (int i = 0; i < doc.items.size(); ++i) {
            const ProbeItem& item = doc.items[i];
            for (const QString& value : doc.attribute.values) {
                makeCall(i, value, CallArm::Probe, seed, item.variants.value(value));
            }
            if (doc.noise.enabled) {
                makeCall(i, doc.noiseLabel(), CallArm::Noise, seed + doc.noise.seedOffset,
                         item.variants.value(doc.valueA()));
            }
        }
    }
    return plan;
}

} // namespace pb

#include "run/RunCompleteness.h"

#include "run/CallPlan.h"
#include "store/LoggedCall.h"

#include <QSet>

namespace pb {

RunCompleteness RunCompleteness::of(const ProbeDocument& probe, const QList<LoggedCall>& calls)
{
    // The plan's cells are tested by their parts, not listed: a million-call plan as a set of
    // keys would cost more memory than the calls themselves.
    QSet<QString> items;
    for (const ProbeItem& item : probe.items) {
        items.insert(item.id);
    }
    const QSet<QString> values(probe.attribute.values.cbegin(), probe.attribute.values.cend());
    const QSet<qint64> seeds(probe.settings.seeds.cbegin(), probe.settings.seeds.cend());
    const QString noiseLabel = probe.noiseLabel();

    RunCompleteness c;
    c.planned = CallPlan::callCount(probe);
    for (const LoggedCall& call : calls) {
        if (call.status != CallStatus::Ok || !items.contains(call.itemId)) {
            continue;
        }
        const bool planned = call.arm == CallArm::Probe
                                 ? values.contains(call.variant) && seeds.contains(call.seed)
                                 : probe.noise.enabled && call.variant == noiseLabel &&
                                       seeds.contains(call.seed - probe.noise.seedOffset);
        c.answered += planned ? 1 : 0;
    }
    return c;
}

} // namespace pb

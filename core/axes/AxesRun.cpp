#include "axes/AxesRun.h"

#include "run/CallPlan.h"
#include "run/ModelProbeRun.h"

namespace pb {

namespace AxesRun {

RunUnit unit(const AxesDocument& doc, int axis, int seedLimit)
{
    const AxisSpec& spec = doc.axes.at(axis);
    RunUnit unit = ModelProbeRun::unit(doc.axisProbe(axis), seedLimit);
    unit.name = QStringLiteral("axis \"%1\"").arg(spec.label());
    const bool standIn = doc.settings.backend == QLatin1String("stand-in");
    if (standIn) {
        // The planted gap is in the settings of the axis's probe already; where it is planted
        // and the noise scale change the stand-in's replies too, so they join the identity.
        QJsonObject canonical = unit.identity.canonical();
        canonical.insert(QStringLiteral("stand_in_axis"),
                         QJsonObject{{QStringLiteral("planted_on"), QStringLiteral("value B")},
                                     {QStringLiteral("noise"), spec.noise}});
        unit.identity = RunIdentity(canonical, unit.identity.record());
    }
    unit.plan = [inner = unit.plan, value = spec.value, noise = spec.noise, standIn] {
        QList<CallRequest> plan = inner();
        for (CallRequest& r : plan) {
            r.valueIndex = r.arm == CallArm::Probe && r.variant == value ? 1 : 0;
            if (standIn) {
                r.plantedOnValueB = true;
                r.noiseScale = noise;
            }
        }
        return plan;
    };
    return unit;
}

QList<RunUnit> units(const AxesDocument& doc, int seedLimit)
{
    QList<RunUnit> out;
    for (int a = 0; a < doc.axes.size(); ++a)
        out << unit(doc, a, seedLimit);
    return out;
}

int callCount(const AxesDocument& doc)
{
    int total = 0;
    for (int a = 0; a < doc.axes.size(); ++a)
        total += CallPlan::callCount(doc.axisProbe(a));
    return total;
}

} // namespace AxesRun

} // namespace pb

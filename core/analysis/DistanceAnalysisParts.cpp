#include "analysis/DistanceAnalysisParts.h"

#include "probe/ProbeDocument.h"

namespace pb {

DistanceRunFacts DistanceRunFacts::of(const ProbeDocument& probe, int callsLogged, int callsFailed)
{
    DistanceRunFacts f;
    f.valueA = probe.valueA();
    f.valueB = probe.valueB();
    f.noiseLabel = probe.noiseLabel();
    f.metricName = probe.metric.name;
    f.temperature = probe.settings.temperature;
    f.callsLogged = callsLogged;
    f.callsFailed = callsFailed;
    return f;
}

} // namespace pb

#include "stats/detection/DistanceComparison.h"

namespace pb::detection {

bool DistanceVerdict::hasResult() const
{
    return deterministic ? difference.valid && difference.stable : effect.valid;
}

bool DistanceVerdict::detected() const
{
    if (!hasResult())
        return false;
    if (deterministic)
        return difference.differs;
    return effect.p < kAlpha && effect.meanCounterfactual > effect.meanNull;
}

const char* DistanceVerdict::resultName() const
{
    return detected() ? "detected" : hasResult() ? "null" : "none";
}

DistanceVerdict DistanceComparison::compare(const std::vector<double>& counterfactual,
                                            const std::vector<double>& null, double temperature,
                                            const NoiseFloorOptions& options)
{
    DistanceVerdict v;
    v.deterministic = temperature == 0.0;
    if (v.deterministic)
        v.difference = DeterministicComparison::compare(counterfactual, null);
    else
        v.effect = NoiseFloorEffect::estimate(counterfactual, null, options);
    return v;
}

} // namespace pb::detection

#pragma once

#include <string>
#include <vector>

namespace pb::detection {

struct DeterministicDifference
{
    bool valid = false;
    std::string refusal; // why there is no comparison; empty when valid

    // Every repeated standard call gave exactly the same reply (every null distance is 0), so
    // the backend behaved deterministically and a nonzero counterfactual distance is a real
    // difference by construction. When false, the backend is not deterministic at these
    // settings, "real by construction" does not hold, and the comparison should be rerun
    // sampled, through NoiseFloorEffect.
    bool stable = false;
    double largestNull = 0.0;

    bool differs = false; // some counterfactual distance is nonzero
    double meanCounterfactual = 0.0;
    double largestCounterfactual = 0.0;
    int counterfactualCount = 0;
    int nullCount = 0;
};

// The temperature-0 path of a comparison. With greedy decoding the same input gives the same
// reply, so the null has no spread, the standardized effect would divide by zero, and a
// p-value has nothing to permute: any difference between the standard and the counterfactual
// reply is the model's response to the change, reported as it is, without statistics. What can
// still go wrong is the premise, so the repeated standard calls (null distances) are checked:
// they must all be exactly 0 for `stable`.
//
// Refused: no counterfactual distance, no repeated standard call (stability cannot be checked),
// or a distance that is negative, NaN or infinite.
class DeterministicComparison
{
public:
    static DeterministicDifference compare(const std::vector<double>& counterfactual,
                                           const std::vector<double>& null);
};

} // namespace pb::detection

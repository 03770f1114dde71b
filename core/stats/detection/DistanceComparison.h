#pragma once

#include "stats/detection/DeterministicComparison.h"
#include "stats/detection/NoiseFloorEffect.h"

#include <vector>

namespace pb::detection {

// What a comparison of per-item distances against the noise floor found, and its verdict.
struct DistanceVerdict
{
    static constexpr double kAlpha = 0.05;

    bool deterministic = false;         // temperature 0: `difference`, else `effect`
    EffectAgainstNoise effect;          // sampled temperatures
    DeterministicDifference difference; // temperature 0

    // A verdict needs a comparison: an effect (two or more items), or at temperature 0 a
    // deterministic difference from a backend that proved stable.
    bool hasResult() const;
    // Detected: p below alpha with the distances above the noise floor, or at temperature 0
    // a nonzero distance from a stable backend.
    bool detected() const;
    // "detected", "null" or "none".
    const char* resultName() const;
};

// The one step from per-item distances to a verdict, shared by every mode that compares
// distances (choice: Jensen-Shannon bits; generative: cosine distances of embeddings):
// counterfactual[i] is item i's distance of A against B (D_cf), null[i] its distance of A
// against A again (D_null). At temperature 0 the deterministic path (DeterministicComparison),
// otherwise the standardized effect with its interval and p (NoiseFloorEffect). The verdict
// rule lives here and only here, so both modes always decide alike.
class DistanceComparison
{
public:
    static DistanceVerdict compare(const std::vector<double>& counterfactual,
                                   const std::vector<double>& null, double temperature,
                                   const NoiseFloorOptions& options = {});
};

} // namespace pb::detection

#pragma once

#include "stats/SignFlipResult.h"
#include "stats/detection/DeterministicComparison.h"
#include "stats/detection/MinimumDetectableEffect.h"
#include "stats/detection/NoiseFloorEffect.h"

#include <limits>
#include <string>
#include <vector>

namespace pb::detection {

struct DistanceComparisonResult
{
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    bool valid = false;
    std::string refusal; // why there is no comparison; empty when valid

    // The standardized effect against the noise floor and its BCa interval
    // (NoiseFloorEffect; its pooled permutation p is not run: the verdict's p is below).
    EffectAgainstNoise effect;

    // The verdict's test: the exact sign-flip test (SignFlipTest) over the items'
    // differences D_cf,i - D_null,i. `paired` is its two-sided result as the test gives it.
    SignFlipResult paired;
    double meanDifference = kNaN; // mean over items of D_cf,i - D_null,i
    // One-sided p (is D_cf above D_null?): half the two-sided p, exact by the symmetry of
    // sign flips, when the mean difference is above 0 (past the test's 1e-9 tolerance). NaN
    // when it is not: the one-sided p is then at least 1/2, and no alpha below that flags.
    double p = kNaN;
    int items = 0;
    // The smallest mean difference D_cf - D_null this design (its items and the observed
    // spread of the differences) detects 80% of the time at the verdict's one-sided alpha:
    // the one-sample t-test's power (MinimumDetectableEffect at two-sided 2 alpha, the upper
    // region only mattering), which the sign-flip test has about the same of. A null result
    // rules out only differences about that large. Refused with a reason when the differences
    // do not spread (all equal) or there are fewer than two.
    DetectableEffect detectable;
    double sdDifference = kNaN;

    bool above() const { return meanDifference > kTolerance; }
    // p below alpha: the counterfactual distances sit above the noise.
    bool detected(double alpha) const { return valid && above() && p < alpha; }
    // The two-sided p below alpha with the distances below the noise: not a detection, but a
    // design that is worth a look (B closer to A than A is to itself).
    bool significantlyBelow(double alpha) const
    {
        return valid && meanDifference < -kTolerance && paired.p < alpha;
    }

    static constexpr double kTolerance = 1e-9; // SignFlipTest's own
};

// What a comparison of per-item distances found, and its verdict: at temperature 0 the
// deterministic difference, otherwise the paired comparison above. The verdict rule lives here
// and only here, so the choice and the generative mode always decide alike.
struct DistanceVerdict
{
    static constexpr double kAlpha = 0.05;

    bool deterministic = false;          // temperature 0: `difference`, else `comparison`
    DistanceComparisonResult comparison; // sampled temperatures
    DeterministicDifference difference;  // temperature 0

    // A verdict needs a comparison: two or more items, or at temperature 0 a deterministic
    // difference from a backend that proved stable.
    bool hasResult() const;
    // Detected: the one-sided paired p below alpha, or at temperature 0 a nonzero distance
    // from a stable backend.
    bool detected() const;
    // "detected", "null" or "none".
    const char* resultName() const;
    // Whether each item has an effect against the noise floor: a comparison at a sampled
    // temperature (none on the deterministic path).
    bool hasItemEffects() const;
    // An item's effect: its D_cf against the probe's floor, (D_cf - mean D_null) / scale.
    double itemEffect(double counterfactual) const;
};

// Per-item distances to a verdict, for every mode that compares replies by a distance (choice:
// Jensen-Shannon of the candidate distributions; generative: embedding distances): item i gives
// D_cf,i (standard against counterfactual) and D_null,i (standard against the standard again,
// on other seeds), the two lists in item order and of the same length.
//
// Why paired: with no bias, B and "A again" are draws of the same thing, so D_cf,i and D_null,i
// are exchangeable within item i, but items differ in how far their replies spread, so the
// distances are not exchangeable across items. Exchanging the labels within each item is the
// permutation test that matches that: the sign-flip test over d_i = D_cf,i - D_null,i. A
// permutation over the pooled distances (NoiseFloorEffect's p) counts the between-item spread
// as noise and is conservative.
//
// Why one-sided: only a counterfactual that sits further than the noise is a detection, so the
// verdict asks whether mean d > 0. A two-sided p with that direction required would flag an
// unbiased model at half of alpha.
//
// Refused: lists of different lengths, fewer than two items, or whatever NoiseFloorEffect
// refuses. verdict() takes the deterministic path (DeterministicComparison) at temperature 0.
class DistanceComparison
{
public:
    static DistanceComparisonResult compare(const std::vector<double>& counterfactual,
                                            const std::vector<double>& null,
                                            const NoiseFloorOptions& options = {});
    static DistanceVerdict verdict(const std::vector<double>& counterfactual,
                                   const std::vector<double>& null, double temperature,
                                   const NoiseFloorOptions& options = {});
};

} // namespace pb::detection

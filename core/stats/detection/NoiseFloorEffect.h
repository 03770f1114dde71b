#pragma once

#include "stats/groups/NamePermutationTest.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace pb::detection {

struct NoiseFloorOptions
{
    // The smallest spread the null may have, in the distances' own units. Without it a null
    // that barely varies (a near-deterministic backend) turns any difference into an effect of
    // thousands, and a null with no spread at all into a division by zero. 1e-3 is far below
    // the null spread of a sampled backend on a [0, 1] divergence, and keeps such cases finite;
    // set it to the smallest distance that matters for the metric at hand.
    double sdFloor = 1e-3;
    int resamples = 2000;
    double level = 0.95;
    std::uint64_t seed = 20240601; // fixed, so the same distances always give the same interval
    // The pooled permutation p below; DistanceComparison, whose verdict reads a paired test,
    // turns it off.
    bool pooledPermutation = true;
    long long maxExactPermutations = 200'000;
    long long monteCarloPermutations = 20'000;
};

struct EffectAgainstNoise
{
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    bool valid = false;
    std::string refusal; // why there is no effect, naming the list and entry; empty when valid

    double effect = kNaN; // (meanCounterfactual - meanNull) / scale
    double meanCounterfactual = kNaN;
    double meanNull = kNaN;
    double sdNull = kNaN;      // sample standard deviation (n - 1) of the null distances
    double scale = kNaN;       // max(sdNull, sdFloor)
    bool floorApplied = false; // sdNull < sdFloor: the effect is relative to the floor
    int counterfactualCount = 0;
    int nullCount = 0;

    // Stratified BCa bootstrap interval of the effect (see NoiseFloorEffect).
    double lower = kNaN;
    double upper = kNaN;
    int resamples = 0;
    double level = 0.0;
    std::uint64_t seed = 0;

    // Permutation p of the difference of means with the two labels exchanged over the pooled
    // distances; NaN when options.pooledPermutation is off.
    double p = kNaN;
    groups::NamePermutationMethod permutation = groups::NamePermutationMethod::None;
    long long permutations = 0;  // exact: distinct labellings; Monte Carlo: samples
    double pStandardError = 0.0; // Monte Carlo only
};

// The standardized effect of a comparison against its noise floor, for sampled (temperature >
// 0) backends: D_cf are the counterfactual distances (standard against counterfactual reply),
// D_null the null distances (standard against a resampled standard reply), and
//
//   effect = (mean(D_cf) - mean(D_null)) / max(sd(D_null), sdFloor).
//
// All three numbers issue 12 asks for come together:
// - the effect above, with floorApplied telling when the floor, not the null, set the scale;
// - its interval: a stratified BCa bootstrap (Efron 1987). Each list is resampled with
//   replacement within itself (keeping both sizes) and the effect recomputed with the same
//   floor; the bounds are quantiles of the resampled effects (linear interpolation between
//   order statistics, numpy.percentile's default) at levels shifted by the bias correction z0
//   (the share of resampled effects below the estimate, ties counting half) and the
//   acceleration a (from the stratified jackknife of both lists, Davison & Hinkley 1997
//   section 3.2.1; 0 for a list too short to leave one out). BCa rather than the plain
//   percentile interval because the effect is a ratio whose resampling distribution is skewed
//   with few distances, and the percentile interval under-covers there
//   (tst_noise_floor_effect's coverage case: 8 and 8 normal distances, true effect 1).
//   Coverage still falls short of nominal when the effect is large against few null distances
//   (the spread of the null is then the main uncertainty); the calibration study measures it.
//   Indices come from std::mt19937_64 through rejection sampling (groups::
//   ReproducibleShuffle), so a seed gives the same interval with every standard library;
// - its permutation p: the labels "counterfactual" and "null" exchanged over the pooled
//   distances with both sizes kept, by groups::NamePermutationTest with the two lists as the
//   two groups (exact when the labellings number at most maxExactPermutations, otherwise seeded
//   Monte Carlo with its standard error). With two groups its statistic orders labellings by
//   |mean(D_cf) - mean(D_null)|, so p is two-sided. It is right for two unpaired lists; when
//   the distances come one pair per item, items that spread differently make it conservative,
//   and DistanceComparison's paired test is the verdict's.
//
// Refused: no counterfactual distance, fewer than two null distances (no spread), a distance
// that is NaN or infinite, a floor that is not positive, or bootstrap options out of range.
// For temperature 0 use DeterministicComparison instead: the null there has no spread to
// standardize by.
class NoiseFloorEffect
{
public:
    static EffectAgainstNoise estimate(const std::vector<double>& counterfactual,
                                       const std::vector<double>& null,
                                       const NoiseFloorOptions& options = {});
    // The effect alone, with no checks: lists as estimate() accepts them.
    static double standardized(const std::vector<double>& counterfactual,
                               const std::vector<double>& null, double sdFloor);
};

} // namespace pb::detection

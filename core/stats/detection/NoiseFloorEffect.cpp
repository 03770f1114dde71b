#include "stats/detection/NoiseFloorEffect.h"

#include "stats/groups/ReproducibleShuffle.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <random>
#include <sstream>
#include <tuple>

namespace pb::detection {

namespace {

double mean(const std::vector<double>& xs)
{
    double sum = 0.0;
    for (double x : xs)
        sum += x;
    return sum / double(xs.size());
}

// Two-pass sample standard deviation: subtracting the mean first keeps it exact for a constant
// list, so a null with no spread has sd exactly 0 and the floor applies.
double sampleSd(const std::vector<double>& xs, double m)
{
    double squares = 0.0;
    for (double x : xs)
        squares += (x - m) * (x - m);
    return std::sqrt(squares / double(xs.size() - 1));
}

std::string nonFinite(const std::vector<double>& xs, const char* name)
{
    for (std::size_t i = 0; i < xs.size(); ++i) {
        if (!std::isfinite(xs[i])) {
            std::ostringstream out;
            out << name << " distance " << i + 1 << " is " << xs[i] << ", not a finite number";
            return out.str();
        }
    }
    return {};
}

// numpy.percentile's default: linear interpolation between the order statistics.
double quantile(const std::vector<double>& sorted, double q)
{
    const double position = q * double(sorted.size() - 1);
    const auto below = std::size_t(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double fraction = position - double(below);
    return sorted[below] + fraction * (sorted[above] - sorted[below]);
}

void resample(const std::vector<double>& from, std::vector<double>& into, std::mt19937_64& engine)
{
    for (double& x : into)
        x = from[std::size_t(groups::ReproducibleShuffle::below(engine, from.size()))];
}

// Jackknife influence sums of one list for the BCa acceleration: the effect with each entry of
// `varied` left out in turn, the other list whole. Adds sum l^3 / n^3 and sum l^2 / n^2 with
// l_i = (n - 1)(mean of the leave-one-out effects - effect without i) (Davison & Hinkley 1997,
// section 3.2.1, stratified). A list too short to leave one out (one distance, or two null
// distances, whose remainder has no spread) contributes nothing.
void addInfluence(const std::vector<double>& varied, const std::vector<double>& fixed,
                  bool variedIsNull, double sdFloor, double& cubes, double& squares)
{
    const std::size_t n = varied.size();
    if (n < (variedIsNull ? 3u : 2u))
        return;
    std::vector<double> leaveOneOut(n);
    std::vector<double> rest;
    rest.reserve(n - 1);
    for (std::size_t i = 0; i < n; ++i) {
        rest.clear();
        for (std::size_t j = 0; j < n; ++j) {
            if (j != i)
                rest.push_back(varied[j]);
        }
        leaveOneOut[i] = variedIsNull ? NoiseFloorEffect::standardized(fixed, rest, sdFloor)
                                      : NoiseFloorEffect::standardized(rest, fixed, sdFloor);
    }
    const double average = mean(leaveOneOut);
    const double nn = double(n);
    for (double t : leaveOneOut) {
        const double l = (nn - 1.0) * (average - t);
        cubes += l * l * l / (nn * nn * nn);
        squares += l * l / (nn * nn);
    }
}

// BCa bounds (Efron 1987) from the sorted resampled effects.
std::pair<double, double> bcaBounds(const std::vector<double>& sorted, double estimate,
                                    double acceleration, double level)
{
    const boost::math::normal z;
    const auto below =
        double(std::lower_bound(sorted.begin(), sorted.end(), estimate) - sorted.begin());
    const auto notAbove =
        double(std::upper_bound(sorted.begin(), sorted.end(), estimate) - sorted.begin());
    // Ties with the estimate count half, so a resampling distribution that is all ties (no
    // spread) gives no bias correction rather than an infinite one.
    double share = (below + notAbove) / 2.0 / double(sorted.size());
    const double edge = 0.5 / double(sorted.size());
    share = std::clamp(share, edge, 1.0 - edge);
    const double z0 = boost::math::quantile(z, share);
    const auto adjusted = [&](double q) {
        const double zq = boost::math::quantile(z, q);
        const double shifted = z0 + zq;
        return boost::math::cdf(z, z0 + shifted / (1.0 - acceleration * shifted));
    };
    return {quantile(sorted, adjusted((1.0 - level) / 2.0)),
            quantile(sorted, adjusted((1.0 + level) / 2.0))};
}

} // namespace

double NoiseFloorEffect::standardized(const std::vector<double>& counterfactual,
                                      const std::vector<double>& null, double sdFloor)
{
    const double m = mean(null);
    return (mean(counterfactual) - m) / std::max(sampleSd(null, m), sdFloor);
}

EffectAgainstNoise NoiseFloorEffect::estimate(const std::vector<double>& counterfactual,
                                              const std::vector<double>& null,
                                              const NoiseFloorOptions& options)
{
    EffectAgainstNoise r;
    if (counterfactual.empty())
        r.refusal = "no counterfactual distance";
    else if (null.size() < 2)
        r.refusal = "fewer than two null distances: the noise has no spread to measure";
    else if (!(options.sdFloor > 0.0) || !std::isfinite(options.sdFloor))
        r.refusal = "the floor on the null spread must be a positive number";
    else if (options.resamples < 1 || !(options.level > 0.0 && options.level < 1.0))
        r.refusal = "the bootstrap needs at least one resample and a level between 0 and 1";
    if (r.refusal.empty())
        r.refusal = nonFinite(counterfactual, "counterfactual");
    if (r.refusal.empty())
        r.refusal = nonFinite(null, "null");
    if (!r.refusal.empty())
        return r;

    r.counterfactualCount = int(counterfactual.size());
    r.nullCount = int(null.size());
    r.meanCounterfactual = mean(counterfactual);
    r.meanNull = mean(null);
    r.sdNull = sampleSd(null, r.meanNull);
    r.floorApplied = r.sdNull < options.sdFloor;
    r.scale = std::max(r.sdNull, options.sdFloor);
    r.effect = (r.meanCounterfactual - r.meanNull) / r.scale;

    std::mt19937_64 engine(options.seed);
    std::vector<double> cf(counterfactual.size());
    std::vector<double> nu(null.size());
    std::vector<double> effects;
    effects.reserve(std::size_t(options.resamples));
    for (int b = 0; b < options.resamples; ++b) {
        resample(counterfactual, cf, engine);
        resample(null, nu, engine);
        effects.push_back(standardized(cf, nu, options.sdFloor));
    }
    std::sort(effects.begin(), effects.end());
    double cubes = 0.0;
    double squares = 0.0;
    addInfluence(counterfactual, null, false, options.sdFloor, cubes, squares);
    addInfluence(null, counterfactual, true, options.sdFloor, cubes, squares);
    const double acceleration = squares > 0.0 ? cubes / (6.0 * std::pow(squares, 1.5)) : 0.0;
    std::tie(r.lower, r.upper) = bcaBounds(effects, r.effect, acceleration, options.level);
    r.resamples = options.resamples;
    r.level = options.level;
    r.seed = options.seed;

    r.valid = true;
    if (!options.pooledPermutation)
        return r;
    groups::NamePermutationOptions permutation;
    permutation.maxExactAssignments = options.maxExactPermutations;
    permutation.monteCarloSamples = options.monteCarloPermutations;
    permutation.seed = options.seed;
    const groups::NamePermutationResult test =
        groups::NamePermutationTest::run({counterfactual, null}, permutation);
    r.p = test.p;
    r.permutation = test.method;
    r.permutations =
        test.method == groups::NamePermutationMethod::Exact ? test.assignments : test.samples;
    r.pStandardError = test.standardError;
    return r;
}

} // namespace pb::detection

#include "stats/detection/NoiseFloorEffect.h"

#include "stats/groups/ReproducibleShuffle.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>

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
    r.lower = quantile(effects, (1.0 - options.level) / 2.0);
    r.upper = quantile(effects, (1.0 + options.level) / 2.0);
    r.resamples = options.resamples;
    r.level = options.level;
    r.seed = options.seed;

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
    r.valid = true;
    return r;
}

} // namespace pb::detection

#include "stats/groups/NamePermutationTest.h"

#include "stats/groups/GroupTable.h"
#include "stats/groups/ReproducibleShuffle.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace pb::groups {

namespace {

// Centred values, so the statistic carries no large constant that would swamp the tolerance.
struct NameSample
{
    std::vector<double> centred; // name means minus the grand mean
    std::vector<int> labels;     // group index per name, sorted ascending
    std::vector<int> sizes;      // names per group
    double totalSs = 0.0;
};

double betweenSs(const NameSample& sample, const std::vector<int>& labels,
                 std::vector<double>& sums)
{
    std::fill(sums.begin(), sums.end(), 0.0);
    for (std::size_t i = 0; i < labels.size(); ++i)
        sums[static_cast<std::size_t>(labels[i])] += sample.centred[i];
    double ss = 0.0;
    for (std::size_t g = 0; g < sums.size(); ++g)
        ss += sums[g] * sums[g] / sample.sizes[g];
    return ss;
}

} // namespace

long long NamePermutationTest::distinctAssignments(const std::vector<int>& groupSizes,
                                                   long long limit)
{
    // Multiply in one binomial factor at a time: each step's value is an integer and the
    // sequence never decreases, so stopping at the first value over the limit is safe.
    long long count = 1;
    long long placed = 0;
    for (int size : groupSizes) {
        for (int i = 1; i <= size; ++i) {
            ++placed;
            if (count > std::numeric_limits<long long>::max() / placed)
                return -1;
            count = count * placed / i;
            if (count > limit)
                return -1;
        }
    }
    return count;
}

NamePermutationResult NamePermutationTest::run(const std::vector<std::vector<double>>& nameMeans,
                                               const NamePermutationOptions& options)
{
    NamePermutationResult result;
    NameSample sample;
    double sum = 0.0;
    int group = 0;
    for (const auto& means : nameMeans) {
        if (means.empty())
            continue;
        sample.sizes.push_back(static_cast<int>(means.size()));
        for (double mean : means) {
            sample.centred.push_back(mean);
            sample.labels.push_back(group);
            sum += mean;
        }
        ++group;
    }
    result.groups = group;
    result.names = static_cast<int>(sample.centred.size());
    if (result.groups < 2 || result.names < 3) {
        result.p = std::nan("");
        result.note = "fewer than two groups with names, or fewer than three names: no test";
        return result;
    }
    const double grand = sum / result.names;
    for (double& value : sample.centred) {
        value -= grand;
        sample.totalSs += value * value;
    }
    std::vector<double> sums(sample.sizes.size());
    result.observed = betweenSs(sample, sample.labels, sums);
    const double threshold = result.observed - 1e-9 * sample.totalSs;

    const long long exact = distinctAssignments(sample.sizes, options.maxExactAssignments);
    if (exact > 0) {
        // labels is sorted, so next_permutation walks each distinct assignment once.
        std::vector<int> labels = sample.labels;
        long long atLeast = 0;
        do {
            if (betweenSs(sample, labels, sums) >= threshold)
                ++atLeast;
        } while (std::next_permutation(labels.begin(), labels.end()));
        result.method = NamePermutationMethod::Exact;
        result.assignments = exact;
        result.atLeast = atLeast;
        result.p = static_cast<double>(atLeast) / static_cast<double>(exact);
        return result;
    }
    std::mt19937_64 engine(options.seed);
    std::vector<int> labels = sample.labels;
    const long long samples = std::max(1LL, options.monteCarloSamples);
    long long hits = 0;
    for (long long s = 0; s < samples; ++s) {
        ReproducibleShuffle::shuffle(labels, engine);
        if (betweenSs(sample, labels, sums) >= threshold)
            ++hits;
    }
    result.method = NamePermutationMethod::MonteCarlo;
    result.samples = samples;
    result.atLeast = hits;
    result.p = static_cast<double>(hits + 1) / static_cast<double>(result.samples + 1);
    result.standardError =
        std::sqrt(result.p * (1.0 - result.p) / static_cast<double>(result.samples));
    result.note = "more than " + std::to_string(options.maxExactAssignments) +
                  " label assignments: Monte Carlo estimate from " +
                  std::to_string(result.samples) + " shuffles (seed " +
                  std::to_string(options.seed) + ")";
    return result;
}

NamePermutationResult NamePermutationTest::run(const GroupTable& table,
                                               const NamePermutationOptions& options)
{
    return run(table.nameMeansByGroup(), options);
}

} // namespace pb::groups

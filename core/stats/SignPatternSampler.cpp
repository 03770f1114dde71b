#include "stats/SignPatternSampler.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>

namespace pb {

namespace {

template <class Integer>
SignFlipTally sample(const SignFlipProblem& problem, quint64 samples, quint64 seed, int bins)
{
    std::vector<Integer> values;
    for (const BigInt& value : problem.values)
        values.push_back(WideInteger::narrow<Integer>(value));
    const Integer minimumHit = WideInteger::narrow<Integer>(problem.minimumHit);
    const double maxAbsSum = static_cast<double>(problem.maxAbsSum);
    std::vector<std::uint64_t> binCounts(static_cast<std::size_t>(std::max(bins, 0)), 0);
    std::vector<std::uint64_t> binTail(binCounts.size(), 0);

    std::mt19937_64 generator(seed);
    std::uint64_t hits = 0;
    for (quint64 draw = 0; draw < samples; ++draw) {
        Integer sum = 0;
        std::uint64_t signs = 0;
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (i % 64 == 0)
                signs = generator();
            if ((signs >> (i % 64)) & 1U)
                sum -= values[i];
            else
                sum += values[i];
        }
        const bool hit = (sum < 0 ? Integer(-sum) : sum) >= minimumHit;
        hits += hit ? 1 : 0;
        if (bins > 0) {
            int bin = bins / 2;
            if (maxAbsSum > 0) {
                const double position =
                    (WideInteger::toDouble(sum) + maxAbsSum) / (2.0 * maxAbsSum) * bins;
                bin = std::clamp(static_cast<int>(std::floor(position)), 0, bins - 1);
            }
            ++binCounts[static_cast<std::size_t>(bin)];
            binTail[static_cast<std::size_t>(bin)] += hit ? 1 : 0;
        }
    }

    SignFlipTally tally;
    tally.hits = hits;
    tally.samples = samples;
    for (std::size_t j = 0; j < binCounts.size(); ++j) {
        tally.binCounts.emplace_back(binCounts[j]);
        tally.binTailCounts.emplace_back(binTail[j]);
    }
    return tally;
}

} // namespace

SignFlipTally SignPatternSampler::count(const SignFlipProblem& problem, quint64 samples,
                                        quint64 seed, int bins)
{
    const int bits = problem.sumBits();
    if (bits <= 63)
        return sample<std::int64_t>(problem, samples, seed, bins);
    if (bits <= 127)
        return sample<Int128>(problem, samples, seed, bins);
    return sample<BigInt>(problem, samples, seed, bins);
}

} // namespace pb

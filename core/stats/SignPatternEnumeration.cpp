#include "stats/SignPatternEnumeration.h"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace pb {

namespace {

constexpr int kMaxValuesWithDistribution = 20;

template <class Integer> SignFlipTally enumerate(const SignFlipProblem& problem, int bins)
{
    const int m = static_cast<int>(problem.values.size());
    std::vector<Integer> twice;
    Integer sum = 0;
    for (const BigInt& value : problem.values) {
        const Integer v = WideInteger::narrow<Integer>(value);
        sum += v;
        twice.push_back(v + v);
    }
    const Integer minimumHit = WideInteger::narrow<Integer>(problem.minimumHit);
    const bool keepSums = m <= kMaxValuesWithDistribution;
    const std::uint64_t patterns = std::uint64_t{1} << m;

    std::vector<Integer> sums;
    if (keepSums)
        sums.reserve(patterns);
    std::vector<bool> negative(static_cast<std::size_t>(m), false);
    std::uint64_t hits = 0;
    for (std::uint64_t k = 0;; ++k) {
        const Integer magnitude = sum < 0 ? Integer(-sum) : sum;
        if (magnitude >= minimumHit)
            ++hits;
        if (keepSums)
            sums.push_back(sum);
        if (k + 1 == patterns)
            break;
        // Gray code: pattern k + 1 differs from pattern k in the lowest set bit of k + 1.
        const int flip = std::countr_zero(k + 1);
        if (negative[static_cast<std::size_t>(flip)])
            sum += twice[static_cast<std::size_t>(flip)];
        else
            sum -= twice[static_cast<std::size_t>(flip)];
        negative[static_cast<std::size_t>(flip)] = !negative[static_cast<std::size_t>(flip)];
    }

    SignFlipTally tally;
    tally.hits = hits;
    if (!keepSums)
        return tally;
    std::sort(sums.begin(), sums.end());
    for (std::size_t i = 0; i < sums.size();) {
        std::size_t j = i;
        while (j < sums.size() && sums[j] == sums[i])
            ++j;
        tally.atoms.emplace_back(WideInteger::widen(sums[i]), BigInt(j - i));
        i = j;
    }
    if (bins > 0) {
        tally.binCounts.assign(static_cast<std::size_t>(bins), 0);
        tally.binTailCounts.assign(static_cast<std::size_t>(bins), 0);
        for (const auto& [value, count] : tally.atoms) {
            const auto bin = static_cast<std::size_t>(problem.binIndex(value, bins));
            tally.binCounts[bin] += count;
            if (abs(value) >= problem.minimumHit)
                tally.binTailCounts[bin] += count;
        }
    }
    return tally;
}

} // namespace

SignFlipTally SignPatternEnumeration::count(const SignFlipProblem& problem, int bins)
{
    const int bits = problem.sumBits();
    if (bits <= 63)
        return enumerate<std::int64_t>(problem, bins);
    if (bits <= 127)
        return enumerate<Int128>(problem, bins);
    return enumerate<BigInt>(problem, bins);
}

} // namespace pb

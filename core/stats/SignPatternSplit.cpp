#include "stats/SignPatternSplit.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <span>

namespace pb {

namespace {

template <class Integer> std::vector<Integer> sortedSignSums(std::span<const Integer> values)
{
    std::vector<Integer> sums{Integer(0)};
    std::vector<Integer> lower;
    std::vector<Integer> upper;
    for (const Integer& value : values) {
        lower.resize(sums.size());
        upper.resize(sums.size());
        for (std::size_t i = 0; i < sums.size(); ++i) {
            lower[i] = sums[i] - value;
            upper[i] = sums[i] + value;
        }
        sums.resize(2 * lower.size());
        std::merge(lower.begin(), lower.end(), upper.begin(), upper.end(), sums.begin());
    }
    return sums;
}

template <class Integer> class HalfSums
{
public:
    explicit HalfSums(const SignFlipProblem& problem)
    {
        std::vector<Integer> values;
        for (const BigInt& value : problem.values)
            values.push_back(WideInteger::narrow<Integer>(abs(value)));
        const auto half = values.size() / 2;
        const std::span<const Integer> all(values);
        m_left = sortedSignSums<Integer>(all.first(half));
        m_right = sortedSignSums<Integer>(all.subspan(half));
    }

    // Patterns whose sum is at least x.
    std::uint64_t atLeast(const BigInt& bound) const
    {
        const Integer x = WideInteger::narrow<Integer>(bound);
        std::uint64_t total = 0;
        std::size_t j = m_right.size();
        // As the left sum grows the right sum needed shrinks, so j only moves down.
        for (const Integer& left : m_left) {
            const Integer needed = x - left;
            while (j > 0 && m_right[j - 1] >= needed)
                --j;
            total += m_right.size() - j;
        }
        return total;
    }

private:
    std::vector<Integer> m_left;
    std::vector<Integer> m_right;
};

template <class Integer> SignFlipTally split(const SignFlipProblem& problem, int bins)
{
    const HalfSums<Integer> sums(problem);
    const std::uint64_t patterns = std::uint64_t{1} << problem.values.size();
    std::map<BigInt, std::uint64_t> cache;
    auto atLeast = [&](const BigInt& x) {
        auto found = cache.find(x);
        if (found == cache.end())
            found = cache.emplace(x, sums.atLeast(x)).first;
        return found->second;
    };
    // Patterns with a sum in [from, to).
    auto between = [&](const BigInt& from, const BigInt& to) -> std::uint64_t {
        return from < to ? atLeast(from) - atLeast(to) : 0;
    };

    SignFlipTally tally;
    const BigInt& k = problem.minimumHit;
    // The sums are symmetric around zero, so the lower tail mirrors the upper one; K > 0
    // keeps the two tails disjoint.
    tally.hits = problem.everyPatternCounts() ? BigInt(patterns) : BigInt(2 * atLeast(k));
    if (bins <= 0)
        return tally;
    tally.binCounts.assign(static_cast<std::size_t>(bins), 0);
    tally.binTailCounts.assign(static_cast<std::size_t>(bins), 0);
    const BigInt lowerTailEnd = 1 - k; // sums below this are <= -K
    for (int j = 0; j < bins; ++j) {
        const BigInt from = problem.binStart(j, bins);
        const BigInt to = problem.binStart(j + 1, bins);
        const std::uint64_t inBin = between(from, to);
        tally.binCounts[static_cast<std::size_t>(j)] = inBin;
        if (problem.everyPatternCounts()) {
            tally.binTailCounts[static_cast<std::size_t>(j)] = inBin;
            continue;
        }
        const std::uint64_t upperTail = between(std::max(from, k), to);
        const std::uint64_t lowerTail = between(from, std::min(to, lowerTailEnd));
        tally.binTailCounts[static_cast<std::size_t>(j)] = upperTail + lowerTail;
    }
    return tally;
}

} // namespace

SignFlipTally SignPatternSplit::count(const SignFlipProblem& problem, int bins)
{
    const int bits = problem.sumBits();
    if (bits <= 63)
        return split<std::int64_t>(problem, bins);
    if (bits <= 127)
        return split<Int128>(problem, bins);
    return split<BigInt>(problem, bins);
}

} // namespace pb

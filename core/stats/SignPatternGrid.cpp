#include "stats/SignPatternGrid.h"

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <limits>

namespace pb {

namespace {

// The count table is the only large allocation; beyond this the caller falls back to
// another method rather than risk swapping.
constexpr double kMaxBytes = 512.0 * 1024 * 1024;

std::int64_t halfOrThreshold(std::int64_t total, std::int64_t minimumHit, bool everyCounts,
                             bool withDistribution)
{
    if (withDistribution)
        return total / 2;
    if (everyCounts)
        return -1; // nothing to count: every pattern is a hit
    return total >= minimumHit ? (total - minimumHit) / 2 : -1;
}

std::size_t countBytes(std::size_t values)
{
    if (values <= 63)
        return sizeof(std::uint64_t);
    if (values <= 255)
        return sizeof(boost::multiprecision::uint256_t);
    return 8 * (values / 64 + 2); // a rough size for cpp_int
}

template <class Count> BigInt toBig(const Count& count)
{
    return BigInt(count);
}

template <class Count>
SignFlipTally countOnGrid(const SignFlipProblem& problem, int bins, int maxAtoms)
{
    const bool withDistribution = bins > 0 || maxAtoms > 0;
    std::vector<std::int64_t> steps;
    for (const BigInt& value : problem.values)
        steps.push_back(static_cast<std::int64_t>(abs(value)));
    const auto total = static_cast<std::int64_t>(problem.maxAbsSum);
    const bool everyCounts = problem.everyPatternCounts();
    const std::int64_t minimumHit = everyCounts ? 0 : static_cast<std::int64_t>(problem.minimumHit);
    const std::int64_t upper = halfOrThreshold(total, minimumHit, everyCounts, withDistribution);
    const std::size_t m = steps.size();

    // ways[sigma]: subsets of the values seen so far whose |values| add up to sigma.
    std::vector<Count> ways(static_cast<std::size_t>(std::max<std::int64_t>(upper + 1, 0)),
                            Count(0));
    if (!ways.empty())
        ways[0] = 1;
    std::int64_t reach = 0;
    for (const std::int64_t step : steps) {
        const std::int64_t newReach = std::min(upper, reach + step);
        for (std::int64_t sigma = newReach; sigma >= step; --sigma)
            ways[static_cast<std::size_t>(sigma)] += ways[static_cast<std::size_t>(sigma - step)];
        reach = newReach;
    }

    SignFlipTally tally;
    const BigInt patterns = BigInt(1) << m;
    if (everyCounts) {
        tally.hits = patterns;
    } else {
        // |total - 2 sigma| >= K: sigma <= (total - K) / 2, or the mirror image above.
        const std::int64_t last = total >= minimumHit ? (total - minimumHit) / 2 : -1;
        Count lowerTail = 0;
        for (std::int64_t sigma = 0; sigma <= last; ++sigma)
            lowerTail += ways[static_cast<std::size_t>(sigma)];
        tally.hits = 2 * toBig(lowerTail);
    }
    if (!withDistribution)
        return tally;

    // ways is symmetric: the count for sigma above total / 2 is the count for total - sigma.
    auto waysAt = [&](std::int64_t sigma) -> const Count& {
        return ways[static_cast<std::size_t>(sigma <= total / 2 ? sigma : total - sigma)];
    };
    auto inTail = [&](std::int64_t sigma) {
        const std::int64_t sum = total - 2 * sigma;
        return everyCounts || (sum < 0 ? -sum : sum) >= minimumHit;
    };
    if (maxAtoms > 0) {
        std::int64_t distinct = 0;
        for (std::int64_t sigma = 0; sigma <= total && distinct <= maxAtoms; ++sigma)
            distinct += waysAt(sigma) != 0 ? 1 : 0;
        if (distinct <= maxAtoms) {
            for (std::int64_t sigma = total; sigma >= 0; --sigma) {
                if (waysAt(sigma) != 0)
                    tally.atoms.emplace_back(BigInt(total - 2 * sigma), toBig(waysAt(sigma)));
            }
        }
    }
    if (bins > 0) {
        std::vector<Count> binCounts(static_cast<std::size_t>(bins), Count(0));
        std::vector<Count> binTail(static_cast<std::size_t>(bins), Count(0));
        for (std::int64_t sigma = 0; sigma <= total; ++sigma) {
            // Same bin as SignFlipProblem::binIndex(total - 2 sigma).
            int bin = bins / 2;
            if (total > 0) {
                const Int128 index = static_cast<Int128>(total - sigma) * bins / total;
                bin = static_cast<int>(std::min<Int128>(index, bins - 1));
            }
            binCounts[static_cast<std::size_t>(bin)] += waysAt(sigma);
            if (inTail(sigma))
                binTail[static_cast<std::size_t>(bin)] += waysAt(sigma);
        }
        for (int j = 0; j < bins; ++j) {
            tally.binCounts.push_back(toBig(binCounts[static_cast<std::size_t>(j)]));
            tally.binTailCounts.push_back(toBig(binTail[static_cast<std::size_t>(j)]));
        }
    }
    return tally;
}

} // namespace

double SignPatternGrid::work(const SignFlipProblem& problem, bool withDistribution)
{
    const double infinite = std::numeric_limits<double>::infinity();
    if (WideInteger::bitLength(problem.maxAbsSum) > 52)
        return infinite;
    const auto total = static_cast<std::int64_t>(problem.maxAbsSum);
    const std::int64_t minimumHit =
        problem.everyPatternCounts() ? 0 : static_cast<std::int64_t>(problem.minimumHit);
    const std::int64_t upper =
        halfOrThreshold(total, minimumHit, problem.everyPatternCounts(), withDistribution);
    const double cells = static_cast<double>(std::max<std::int64_t>(upper + 1, 1));
    if (cells * static_cast<double>(countBytes(problem.values.size())) > kMaxBytes)
        return infinite;
    // The distribution pass walks all total + 1 sums once more.
    const double extra = withDistribution ? static_cast<double>(total + 1) : 0.0;
    return cells * static_cast<double>(std::max<std::size_t>(problem.values.size(), 1)) + extra;
}

SignFlipTally SignPatternGrid::count(const SignFlipProblem& problem, int bins, int maxAtoms)
{
    const std::size_t m = problem.values.size();
    if (m <= 63)
        return countOnGrid<std::uint64_t>(problem, bins, maxAtoms);
    if (m <= 255)
        return countOnGrid<boost::multiprecision::uint256_t>(problem, bins, maxAtoms);
    return countOnGrid<BigInt>(problem, bins, maxAtoms);
}

} // namespace pb

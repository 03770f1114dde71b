#include "stats/groups/KruskalWallis.h"

#include <algorithm>
#include <boost/math/distributions/chi_squared.hpp>
#include <cmath>
#include <limits>

namespace pb::groups {

KruskalWallisResult KruskalWallis::run(const std::vector<std::vector<double>>& groups)
{
    KruskalWallisResult result;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    struct Score
    {
        double value;
        std::size_t group;
    };
    std::vector<Score> scores;
    std::size_t tested = 0;
    std::vector<std::size_t> sizes(groups.size(), 0);
    for (std::size_t g = 0; g < groups.size(); ++g) {
        if (groups[g].empty())
            continue;
        ++tested;
        sizes[g] = groups[g].size();
        for (double x : groups[g])
            scores.push_back({x, g});
    }
    if (tested != groups.size())
        result.note = "dropped " + std::to_string(groups.size() - tested) + " empty group(s)";
    result.groups = static_cast<int>(tested);
    result.n = static_cast<int>(scores.size());
    result.df = result.groups - 1;
    const auto undefined = [&](const char* why) {
        result.h = result.p = result.epsilonSquared = result.etaSquaredH = nan;
        result.note = why;
        return result;
    };
    if (result.groups < 2)
        return undefined("fewer than two groups: no test");
    std::sort(scores.begin(), scores.end(),
              [](const Score& a, const Score& b) { return a.value < b.value; });
    std::vector<double> rankSums(groups.size(), 0.0);
    double tieSum = 0.0;
    for (std::size_t i = 0; i < scores.size();) {
        std::size_t j = i;
        while (j < scores.size() && scores[j].value == scores[i].value)
            ++j;
        // Positions i..j-1 (0-based) share the midrank of ranks i+1..j.
        const double midrank = (static_cast<double>(i) + static_cast<double>(j) + 1.0) / 2.0;
        for (std::size_t k = i; k < j; ++k)
            rankSums[scores[k].group] += midrank;
        const double t = static_cast<double>(j - i);
        tieSum += t * t * t - t;
        i = j;
    }
    const double n = result.n;
    result.tieCorrection = 1.0 - tieSum / (n * n * n - n);
    if (result.tieCorrection <= 0.0)
        return undefined("every score is equal: no test");
    double weighted = 0.0;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        if (sizes[g] > 0)
            weighted += rankSums[g] * rankSums[g] / static_cast<double>(sizes[g]);
    }
    const double raw = 12.0 / (n * (n + 1.0)) * weighted - 3.0 * (n + 1.0);
    result.h = raw / result.tieCorrection;
    const boost::math::chi_squared_distribution<double> null(result.df);
    result.p = boost::math::cdf(boost::math::complement(null, std::max(0.0, result.h)));
    result.epsilonSquared = result.h / (n - 1.0);
    const double k = result.groups;
    result.etaSquaredH = n > k ? (result.h - k + 1.0) / (n - k) : nan;
    return result;
}

} // namespace pb::groups

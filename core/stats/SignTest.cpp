#include "stats/SignTest.h"

#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <cmath>
#include <map>
#include <utility>

namespace pb {

namespace {

// P(X >= k) for X ~ Binomial(n, 1/2). boost's binomial cdf is slow next to counting signs, and
// a simulation asks for the same few (n, k) over and over: each thread keeps them, up to a bound.
double upperTail(int n, int k)
{
    static thread_local std::map<std::pair<int, int>, double> known;
    const std::pair<int, int> key{n, k};
    if (const auto it = known.find(key); it != known.end())
        return it->second;
    const boost::math::binomial_distribution<double> split(n, 0.5);
    // 1 - P(X <= k - 1) = P(X >= k); k >= 1 whenever n >= 1.
    const double tail = boost::math::cdf(boost::math::complement(split, k - 1));
    if (known.size() >= 4096)
        known.clear();
    known.emplace(key, tail);
    return tail;
}

} // namespace

SignTestResult SignTest::run(const QList<double>& gaps)
{
    SignTestResult result;
    for (double gap : gaps) {
        if (std::isnan(gap))
            ++result.unusable;
        else if (gap > 0)
            ++result.positive;
        else if (gap < 0)
            ++result.negative;
        else
            ++result.zeros;
    }
    result.n = result.positive + result.negative;
    result.k = std::max(result.positive, result.negative);
    if (result.n == 0)
        return result; // p = 1
    result.p = std::min(1.0, 2.0 * upperTail(result.n, result.k));
    return result;
}

} // namespace pb

#include "stats/SignTest.h"

#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <cmath>

namespace pb {

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
    const boost::math::binomial_distribution<double> split(result.n, 0.5);
    // 1 - P(X <= k - 1) = P(X >= k); k >= 1 whenever n >= 1.
    const double upperTail = boost::math::cdf(boost::math::complement(split, result.k - 1));
    result.p = std::min(1.0, 2.0 * upperTail);
    return result;
}

} // namespace pb

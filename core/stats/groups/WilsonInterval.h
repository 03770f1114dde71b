#pragma once

#include <limits>

namespace pb::groups {

// An interval for a proportion: successes out of trials.
struct ProportionInterval
{
    double estimate = std::numeric_limits<double>::quiet_NaN(); // successes / trials
    double lower = std::numeric_limits<double>::quiet_NaN();
    double upper = std::numeric_limits<double>::quiet_NaN();
    double level = 0.95;
    bool valid = false; // false without trials
};

// The Wilson score interval (Wilson 1927; method 3 of Newcombe 1998, without continuity
// correction): the proportions p whose score test against the observed rate does not reject
// at the level. Chosen over the Wald interval p +- z sqrt(p(1-p)/n), which collapses to zero
// width at 0 or n successes and covers far below its level at the small counts a name list
// gives; Wilson stays inside [0, 1] and keeps width at the ends. The quantile is Boost.Math's
// normal. Counts must satisfy 0 <= successes <= trials (std::invalid_argument otherwise).
class WilsonInterval
{
public:
    static ProportionInterval of(long long successes, long long trials, double level = 0.95);
};

} // namespace pb::groups

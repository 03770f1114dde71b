#include "stats/groups/WilsonInterval.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <stdexcept>

namespace pb::groups {

ProportionInterval WilsonInterval::of(long long successes, long long trials, double level)
{
    if (successes < 0 || trials < 0 || successes > trials)
        throw std::invalid_argument("WilsonInterval: need 0 <= successes <= trials");
    if (!(level > 0.0 && level < 1.0))
        throw std::invalid_argument("WilsonInterval: the level must lie strictly between 0 and 1");
    ProportionInterval out;
    out.level = level;
    if (trials == 0)
        return out;
    const double z = boost::math::quantile(boost::math::normal(), 0.5 + level / 2.0);
    const double n = double(trials);
    const double p = double(successes) / n;
    const double z2 = z * z;
    const double denominator = 1.0 + z2 / n;
    const double centre = (p + z2 / (2.0 * n)) / denominator;
    const double half = z * std::sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denominator;
    out.estimate = p;
    // At 0 or n successes the bound is exactly 0 or 1 in exact arithmetic; clamp the rounding.
    out.lower = successes == 0 ? 0.0 : std::max(0.0, centre - half);
    out.upper = successes == trials ? 1.0 : std::min(1.0, centre + half);
    out.valid = true;
    return out;
}

} // namespace pb::groups

#pragma once

#include <vector>

namespace pb {

// Holm's step-down adjustment (Holm 1979) of m p values tested together, which keeps the chance
// of any false detection among them at most alpha whatever their dependence:
//
//   sort p ascending: p_(1) <= ... <= p_(m);  adjusted p_(i) = max over j <= i of
//   min(1, (m - j + 1) * p_(j)),
//
// each returned in its input place, so "adjusted p < alpha" is Holm's rejection at alpha. A NaN
// (a comparison that was not made) is left NaN and does not count in m; ties keep input order.
class HolmAdjustment
{
public:
    static std::vector<double> adjust(const std::vector<double>& p);
};

} // namespace pb

#pragma once

#include <string>
#include <vector>

namespace pb::groups {

struct AnovaResult
{
    double f = 0.0;          // between-group mean square / within-group mean square
    int dfBetween = 0;       // groups - 1
    int dfWithin = 0;        // observations - groups
    double p = 0.0;          // upper tail of F(dfBetween, dfWithin); NaN when undefined
    double etaSquared = 0.0; // between SS / total SS
    double ssBetween = 0.0;
    double ssWithin = 0.0;
    int groups = 0; // non-empty groups tested
    int n = 0;
    std::string note; // set when groups were dropped or the test is undefined
};

// One-way ANOVA across groups, as scipy's f_oneway: empty groups are dropped (with a note);
// fewer than two groups, or no within-group degrees of freedom, give F and p NaN; zero
// within-group variance with different means gives F = +inf and p = 0. p is Boost.Math's
// complemented Fisher F cdf. Sums of squares are taken about the group and grand means
// (two passes), not from raw sums of squares, to keep cancellation out.
class OneWayAnova
{
public:
    static AnovaResult run(const std::vector<std::vector<double>>& groups);
};

} // namespace pb::groups

#pragma once

#include <string>
#include <vector>

namespace pb::groups {

struct KruskalWallisResult
{
    double h = 0.0;              // tie-corrected H
    double tieCorrection = 1.0;  // 1 - sum(t^3 - t) / (n^3 - n); H = H_raw / this
    int df = 0;                  // groups - 1
    double p = 0.0;              // upper tail of chi-squared(df); NaN when undefined
    double epsilonSquared = 0.0; // H / (n - 1) (Tomczak & Tomczak 2014: H (n+1) / (n^2 - 1))
    double etaSquaredH = 0.0;    // (H - k + 1) / (n - k), may be negative for tiny H
    int groups = 0;              // non-empty groups tested
    int n = 0;
    std::string note;
};

// The Kruskal-Wallis H test, as scipy's kruskal: midranks over all scores, H corrected for
// ties, p from the chi-squared approximation (Boost.Math, complemented cdf). Empty groups are
// dropped with a note; fewer than two groups, or every score equal, give H and p NaN.
// Two effect sizes: epsilon squared H / (n - 1), and eta squared H (H - k + 1) / (n - k).
class KruskalWallis
{
public:
    static KruskalWallisResult run(const std::vector<std::vector<double>>& groups);
};

} // namespace pb::groups

#pragma once

#include <cstdint>
#include <vector>

namespace pb {

// One rank correlation of two paired lists, with its 95% interval and permutation p.
struct RankCorrelationEstimate
{
    // False below four pairs, or when either list has one value only (no ranking to compare).
    bool defined = false;
    int n = 0;
    double value = 0.0;
    // 95% interval through Fisher's z = atanh(r) with Fieller, Hartley and Pearson's (1957)
    // standard errors: sqrt(1.06 / (n - 3)) for Spearman's rho, sqrt(0.437 / (n - 4)) for
    // Kendall's tau; a large-sample interval, closed to [-1, 1]. NaN below 5 pairs for tau.
    double lower = 0.0;
    double upper = 0.0;
    // Two-sided permutation p: (1 + the shuffles of y with |r| at least the observed |r|)
    // / (1 + shuffles), over seeded shuffles (ReproducibleShuffle), so it never reads 0 and
    // it reproduces.
    double p = 1.0;
};

struct RankAgreement
{
    RankCorrelationEstimate spearman; // Pearson correlation of the mid-ranks
    RankCorrelationEstimate kendall;  // tau-b, which corrects for ties in either list
};

// How far two scorings of the same units agree on their order, not on their values: the
// scores of two modes are never put on one scale, only their rankings are compared.
class RankCorrelation
{
public:
    // Ranks 1..n, tied values sharing the mean of the ranks they span.
    static std::vector<double> midRanks(const std::vector<double>& values);
    static double spearman(const std::vector<double>& x, const std::vector<double>& y);
    static double kendallTauB(const std::vector<double>& x, const std::vector<double>& y);
    // Both, with intervals and permutation p's from the same `shuffles` seeded shuffles.
    // Lists of different lengths or non-finite values: nothing defined.
    static RankAgreement of(const std::vector<double>& x, const std::vector<double>& y,
                            int shuffles = 9999, std::uint64_t seed = 20240601);
};

} // namespace pb

#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pb::groups {

class GroupTable;

enum class NamePermutationMethod
{
    None,      // fewer than two groups with names, or fewer than three names
    Exact,     // every distinct assignment of the group labels to the names
    MonteCarlo // seeded random assignments: an estimate with a standard error
};

struct NamePermutationOptions
{
    long long maxExactAssignments = 200'000; // enumerate up to this many distinct assignments
    long long monteCarloSamples = 100'000;
    std::uint64_t seed = 20240601; // fixed, so a report's estimate reproduces
};

struct NamePermutationResult
{
    // Between-group sum of squares of the name means: sum over groups of
    // names_g * (mean_g - grand mean)^2.
    double observed = 0.0;
    double p = 0.0;
    NamePermutationMethod method = NamePermutationMethod::None;
    long long assignments = 0;  // exact: distinct label assignments (the denominator)
    long long atLeast = 0;      // exact: assignments with statistic >= observed (numerator);
                                // Monte Carlo: samples with statistic >= observed
    long long samples = 0;      // Monte Carlo only
    double standardError = 0.0; // Monte Carlo only: sqrt(p (1 - p) / samples)
    int names = 0;
    int groups = 0;
    std::string note;
};

// A permutation test with names as the unit: each name's seeds are averaged first (seeds
// repeat a name, they are not new people), then the group labels are shuffled across the
// names, keeping the group sizes. The statistic is the between-group sum of squares of the
// name means; with the names fixed the total sum of squares is fixed, so it orders the
// assignments exactly as the one-way ANOVA F on name means does, and p is the permutation p of
// that F. Ties count as at least as extreme within 1e-9 of the names' total sum of squares.
// Exact when the distinct assignments (n! / prod n_g!) number at most maxExactAssignments:
// p = atLeast / assignments. Otherwise Monte Carlo from std::mt19937_64 seeded with `seed`
// (reproducible shuffles): p = (atLeast + 1) / (samples + 1), with its standard error.
class NamePermutationTest
{
public:
    // nameMeans[g] holds the mean score of each name of group g; empty groups are dropped.
    static NamePermutationResult run(const std::vector<std::vector<double>>& nameMeans,
                                     const NamePermutationOptions& options = {});
    static NamePermutationResult run(const GroupTable& table,
                                     const NamePermutationOptions& options = {});
    // n! / prod n_g!, or -1 when it exceeds `limit`.
    static long long distinctAssignments(const std::vector<int>& groupSizes, long long limit);
};

} // namespace pb::groups

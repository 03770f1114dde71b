#pragma once

#include "stats/groups/ContingencyTable.h"

#include <cstdint>
#include <string>

namespace pb::groups {

enum class FisherMethod
{
    None,                   // no test: fewer than two rows or columns, or too many counts
    Exact2x2,               // the hypergeometric two-sided p over every 2 x 2 table
    FreemanHaltonExact,     // every r x c table with the observed margins, enumerated
    FreemanHaltonMonteCarlo // random tables with the observed margins: an estimate
};

struct FisherOptions
{
    long long maxTables = 2'000'000; // enumerate at most this many tables, else Monte Carlo
    long long monteCarloSamples = 100'000;
    long long maxMonteCarloWork = 400'000'000; // samples x n; fewer samples when n is large
    long long minMonteCarloSamples = 2'000;    // below this (n too large) no test is run
    std::uint64_t seed = 20240601;             // fixed, so a report's estimate reproduces
};

struct FisherResult
{
    double p = 0.0;
    FisherMethod method = FisherMethod::None;
    long long tables = 0;       // exact: tables with the observed margins
    long long samples = 0;      // Monte Carlo: random tables drawn
    long long hits = 0;         // Monte Carlo: draws with probability <= the observed table's
    double standardError = 0.0; // Monte Carlo only: sqrt(p (1 - p) / samples)
    int rows = 0;               // rows tested (empty ones dropped)
    int columns = 0;            // columns tested (empty ones dropped)
    std::string note;

    bool isExact() const
    {
        return method == FisherMethod::Exact2x2 || method == FisherMethod::FreemanHaltonExact;
    }
};

// Fisher's exact test of independence, two-sided, conditional on both margins. p is the total
// probability of the tables whose probability is at most the observed table's times 1 + 1e-7
// (the relative tolerance R's fisher.test uses, so ties are not lost to rounding). A 2 x 2
// table gives R's fisher.test p; an r x c table the Freeman-Halton extension, enumerated
// table by table up to maxTables. Beyond that the p is estimated from seeded random tables
// with the same margins (uniform random pairings of row and column labels) as
// (hits + 1) / (samples + 1), with its standard error, and the note says it is an estimate.
class FisherExactTest
{
public:
    static FisherResult run(const ContingencyTable& table, const FisherOptions& options = {});
    // The Monte Carlo estimate, forced (also what run() falls back to).
    static FisherResult monteCarlo(const ContingencyTable& table,
                                   const FisherOptions& options = {});
    // "fisher-exact", "freeman-halton-exact", "freeman-halton-monte-carlo" or "none".
    static std::string methodName(FisherMethod method);
};

} // namespace pb::groups

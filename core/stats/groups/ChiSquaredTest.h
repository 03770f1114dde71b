#pragma once

#include "stats/groups/ContingencyTable.h"

#include <string>

namespace pb::groups {

struct ChiSquaredResult
{
    double statistic = 0.0; // Pearson's X^2, no continuity correction
    int df = 0;             // (rows - 1)(columns - 1) of the table without empty lines
    double p = 0.0;         // upper tail of chi-squared(df); NaN when no test was possible
    double cramersV = 0.0;  // sqrt(X^2 / (n (min(rows, columns) - 1))); NaN with p
    double smallestExpected = 0.0;
    int rows = 0;    // rows tested (empty ones dropped)
    int columns = 0; // columns tested (empty ones dropped)
    long long n = 0;
    std::string note; // set when rows or columns were dropped, or no test was possible
};

// Pearson's chi-squared test of independence on an r x c table, as scipy's
// chi2_contingency(observed, correction=False): rows and columns with a zero total are dropped
// first (they have no expected count) and the note says so; with fewer than two rows or
// columns left there is nothing to compare, and p and V are NaN. p comes from Boost.Math's
// complemented chi-squared cdf, accurate far into the tail.
class ChiSquaredTest
{
public:
    static ChiSquaredResult run(const ContingencyTable& table);
};

} // namespace pb::groups

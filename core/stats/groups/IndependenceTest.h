#pragma once

#include "stats/groups/ChiSquaredTest.h"
#include "stats/groups/FisherExactTest.h"

#include <optional>
#include <string>

namespace pb::groups {

enum class IndependenceMethod
{
    None,       // fewer than two groups or decisions occur
    ChiSquared, // every expected count >= the threshold
    Fisher      // some expected count below it: Fisher / Freeman-Halton (see fisher->method)
};

struct IndependenceResult
{
    IndependenceMethod method = IndependenceMethod::None;
    double p = 0.0;                     // the p of the test used
    ChiSquaredResult chiSquared;        // always computed: X^2, df and Cramer's V for the report
    std::optional<FisherResult> fisher; // set when Fisher's test was run
    std::string reason;                 // why this test, in words a report can print

    // "chi-squared", or FisherExactTest::methodName of the Fisher test run, or "none".
    std::string testName() const;
};

// The group x decision test a report shows: Pearson's chi-squared when every expected count
// (after dropping empty rows and columns) is at least minExpected (5, the usual rule), and
// Fisher's exact test otherwise; the result says which was used and why. Cramer's V comes
// from the chi-squared statistic either way. If Fisher's test cannot run (too many counts for
// its work bound), the chi-squared p is used and the reason says it may be inaccurate.
class IndependenceTest
{
public:
    static IndependenceResult run(const ContingencyTable& table, const FisherOptions& options = {},
                                  double minExpected = 5.0);
};

} // namespace pb::groups

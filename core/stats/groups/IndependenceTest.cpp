#include "stats/groups/IndependenceTest.h"

#include <sstream>

namespace pb::groups {

std::string IndependenceResult::testName() const
{
    switch (method) {
    case IndependenceMethod::ChiSquared:
        return "chi-squared";
    case IndependenceMethod::Fisher:
        return fisher ? FisherExactTest::methodName(fisher->method) : std::string("none");
    case IndependenceMethod::None:
        break;
    }
    return "none";
}

IndependenceResult IndependenceTest::run(const ContingencyTable& table,
                                         const FisherOptions& options, double minExpected)
{
    IndependenceResult result;
    result.chiSquared = ChiSquaredTest::run(table);
    if (result.chiSquared.rows < 2 || result.chiSquared.columns < 2) {
        result.p = result.chiSquared.p;
        result.reason = result.chiSquared.note;
        return result;
    }
    std::ostringstream smallest;
    smallest << result.chiSquared.smallestExpected;
    if (result.chiSquared.smallestExpected >= minExpected) {
        result.method = IndependenceMethod::ChiSquared;
        result.p = result.chiSquared.p;
        result.reason = "every expected count is at least " +
                        std::to_string(static_cast<int>(minExpected)) + " (smallest " +
                        smallest.str() + ")";
        return result;
    }
    FisherResult fisher = FisherExactTest::run(table, options);
    const std::string small = "an expected count is below " +
                              std::to_string(static_cast<int>(minExpected)) + " (smallest " +
                              smallest.str() + ")";
    if (fisher.method == FisherMethod::None) {
        result.method = IndependenceMethod::ChiSquared;
        result.p = result.chiSquared.p;
        result.reason = small + ", but " + fisher.note + "; the chi-squared p may be inaccurate";
        result.fisher = std::move(fisher);
        return result;
    }
    result.method = IndependenceMethod::Fisher;
    result.p = fisher.p;
    result.reason = small + ": Fisher's exact test";
    if (!fisher.isExact())
        result.reason += " (" + fisher.note + ")";
    result.fisher = std::move(fisher);
    return result;
}

} // namespace pb::groups

#include "stats/groups/ChiSquaredTest.h"

#include <algorithm>
#include <boost/math/distributions/chi_squared.hpp>
#include <cmath>
#include <limits>

namespace pb::groups {

ChiSquaredResult ChiSquaredTest::run(const ContingencyTable& table)
{
    ChiSquaredResult result;
    const ContingencyTable tested = table.withoutEmptyLines();
    result.rows = tested.rows();
    result.columns = tested.columns();
    result.n = tested.total();
    if (tested.rows() != table.rows() || tested.columns() != table.columns()) {
        result.note = "dropped " + std::to_string(table.rows() - tested.rows()) +
                      " empty row(s) and " + std::to_string(table.columns() - tested.columns()) +
                      " empty column(s)";
    }
    if (result.rows < 2 || result.columns < 2) {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        result.p = nan;
        result.cramersV = nan;
        result.statistic = nan;
        result.note = "fewer than two groups or decisions occur: no test";
        return result;
    }
    result.smallestExpected = tested.smallestExpected();
    double statistic = 0.0;
    for (int r = 0; r < tested.rows(); ++r) {
        for (int c = 0; c < tested.columns(); ++c) {
            const double expected = tested.expected(r, c);
            const double diff = static_cast<double>(tested.count(r, c)) - expected;
            statistic += diff * diff / expected;
        }
    }
    result.statistic = statistic;
    result.df = (result.rows - 1) * (result.columns - 1);
    const boost::math::chi_squared_distribution<double> null(result.df);
    result.p = boost::math::cdf(boost::math::complement(null, statistic));
    const int shorter = std::min(result.rows, result.columns);
    result.cramersV =
        std::sqrt(statistic / (static_cast<double>(result.n) * static_cast<double>(shorter - 1)));
    return result;
}

} // namespace pb::groups

#include "stats/groups/OneWayAnova.h"

#include <boost/math/distributions/fisher_f.hpp>
#include <cmath>
#include <limits>

namespace pb::groups {

AnovaResult OneWayAnova::run(const std::vector<std::vector<double>>& groups)
{
    AnovaResult result;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<const std::vector<double>*> tested;
    for (const auto& group : groups) {
        if (!group.empty())
            tested.push_back(&group);
    }
    if (tested.size() != groups.size())
        result.note =
            "dropped " + std::to_string(groups.size() - tested.size()) + " empty group(s)";
    result.groups = static_cast<int>(tested.size());
    double grandSum = 0.0;
    for (const auto* group : tested) {
        result.n += static_cast<int>(group->size());
        for (double x : *group)
            grandSum += x;
    }
    result.dfBetween = result.groups - 1;
    result.dfWithin = result.n - result.groups;
    if (result.groups < 2 || result.dfWithin < 1) {
        result.f = result.p = result.etaSquared = nan;
        result.note = "fewer than two groups, or no group with two scores: no test";
        return result;
    }
    const double grandMean = grandSum / result.n;
    for (const auto* group : tested) {
        double sum = 0.0;
        for (double x : *group)
            sum += x;
        const double mean = sum / static_cast<double>(group->size());
        result.ssBetween +=
            static_cast<double>(group->size()) * (mean - grandMean) * (mean - grandMean);
        for (double x : *group)
            result.ssWithin += (x - mean) * (x - mean);
    }
    const double total = result.ssBetween + result.ssWithin;
    result.etaSquared = total > 0.0 ? result.ssBetween / total : nan;
    const double msBetween = result.ssBetween / result.dfBetween;
    const double msWithin = result.ssWithin / result.dfWithin;
    if (msWithin == 0.0) {
        // Every group constant: the groups differ perfectly or not at all.
        result.f = msBetween > 0.0 ? std::numeric_limits<double>::infinity() : nan;
        result.p = msBetween > 0.0 ? 0.0 : nan;
        result.note = "every group's scores are constant";
        return result;
    }
    result.f = msBetween / msWithin;
    const boost::math::fisher_f_distribution<double> null(result.dfBetween, result.dfWithin);
    result.p = boost::math::cdf(boost::math::complement(null, result.f));
    return result;
}

} // namespace pb::groups

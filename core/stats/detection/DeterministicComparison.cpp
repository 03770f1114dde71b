#include "stats/detection/DeterministicComparison.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace pb::detection {

namespace {

std::string badDistance(const std::vector<double>& xs, const char* name)
{
    for (std::size_t i = 0; i < xs.size(); ++i) {
        if (!std::isfinite(xs[i]) || xs[i] < 0.0) {
            std::ostringstream out;
            out << name << " distance " << i + 1 << " is " << xs[i]
                << ", not a finite non-negative number";
            return out.str();
        }
    }
    return {};
}

} // namespace

DeterministicDifference DeterministicComparison::compare(const std::vector<double>& counterfactual,
                                                         const std::vector<double>& null)
{
    DeterministicDifference r;
    if (counterfactual.empty())
        r.refusal = "no counterfactual distance";
    else if (null.empty())
        r.refusal = "no repeated standard call: whether the backend is deterministic is unknown";
    if (r.refusal.empty())
        r.refusal = badDistance(counterfactual, "counterfactual");
    if (r.refusal.empty())
        r.refusal = badDistance(null, "null");
    if (!r.refusal.empty())
        return r;

    r.counterfactualCount = int(counterfactual.size());
    r.nullCount = int(null.size());
    r.largestNull = *std::max_element(null.begin(), null.end());
    r.stable = r.largestNull == 0.0;
    r.largestCounterfactual = *std::max_element(counterfactual.begin(), counterfactual.end());
    r.differs = r.largestCounterfactual > 0.0;
    double sum = 0.0;
    for (double d : counterfactual)
        sum += d;
    r.meanCounterfactual = sum / double(counterfactual.size());
    r.valid = true;
    return r;
}

} // namespace pb::detection

#include "stats/detection/MinimumDetectableEffect.h"

#include <boost/math/distributions/non_central_t.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/tools/roots.hpp>
#include <cmath>
#include <cstdint>

namespace pb::detection {

namespace {

bool validAlpha(double alpha)
{
    return alpha > 0.0 && alpha < 1.0;
}

// Power as a function of the noncentrality, the variable the root is solved in.
double powerAt(double df, double noncentrality, double criticalT)
{
    const boost::math::non_central_t shifted(df, noncentrality);
    return boost::math::cdf(boost::math::complement(shifted, criticalT)) +
           boost::math::cdf(shifted, -criticalT);
}

double criticalTFor(double df, double alpha)
{
    return boost::math::quantile(boost::math::students_t(df), 1.0 - alpha / 2.0);
}

} // namespace

double MinimumDetectableEffect::power(double items, double gap, double gapSd, double alpha)
{
    if (!(items >= 2.0) || !std::isfinite(items) || !(gapSd > 0.0) || !std::isfinite(gapSd) ||
        !validAlpha(alpha) || !std::isfinite(gap))
        return std::numeric_limits<double>::quiet_NaN();
    const double df = items - 1.0;
    return powerAt(df, gap * std::sqrt(items) / gapSd, criticalTFor(df, alpha));
}

double MinimumDetectableEffect::gapSdFromRunNoise(double runSd, int seedsPerVariant)
{
    if (seedsPerVariant < 1)
        return std::numeric_limits<double>::quiet_NaN();
    return runSd * std::sqrt(2.0 / double(seedsPerVariant));
}

DetectableEffect MinimumDetectableEffect::solve(const DetectionDesign& design)
{
    DetectableEffect r;
    if (!(design.items >= 2.0) || !std::isfinite(design.items))
        r.refusal = "a t-test on item gaps needs at least 2 items";
    else if (!(design.gapSd > 0.0) || !std::isfinite(design.gapSd))
        r.refusal = "the SD of the item gaps must be a positive number (no spread: any gap is "
                    "detected, there is no minimum to compute)";
    else if (!validAlpha(design.alpha))
        r.refusal = "alpha must lie strictly between 0 and 1";
    else if (!(design.power > design.alpha && design.power < 1.0))
        r.refusal = "the power must lie strictly between alpha and 1";
    if (!r.refusal.empty())
        return r;

    const double df = design.items - 1.0;
    const double c = criticalTFor(df, design.alpha);
    const boost::math::normal z;
    const double guess =
        boost::math::quantile(z, 1.0 - design.alpha / 2.0) + boost::math::quantile(z, design.power);
    const auto shortfall = [&](double ncp) { return powerAt(df, ncp, c) - design.power; };
    std::uintmax_t iterations = 200;
    try {
        const auto bracket = boost::math::tools::bracket_and_solve_root(
            shortfall, guess, 2.0, true, boost::math::tools::eps_tolerance<double>(40), iterations);
        r.noncentrality = bracket.first + (bracket.second - bracket.first) / 2.0;
    } catch (const std::exception& e) {
        r.refusal = std::string("the power equation could not be solved: ") + e.what();
        return r;
    }
    r.gap = r.noncentrality * design.gapSd / std::sqrt(design.items);
    r.standardized = r.noncentrality / std::sqrt(design.items);
    r.criticalT = c;
    r.degreesOfFreedom = df;
    r.valid = true;
    return r;
}

DetectableEffect MinimumDetectableEffect::twoSample(double n1, double n2, double sd, double alpha,
                                                    double power)
{
    if (!(n1 >= 2 && n2 >= 2)) {
        DetectableEffect refused;
        refused.refusal = "each group needs at least two units";
        return refused;
    }
    DetectionDesign design;
    design.items = n1 + n2 - 1;
    design.gapSd = sd * std::sqrt((1 / n1 + 1 / n2) * (n1 + n2 - 1));
    design.alpha = alpha;
    design.power = power;
    DetectableEffect out = solve(design);
    if (out.valid)
        out.standardized = out.gap / sd;
    return out;
}

} // namespace pb::detection

#pragma once

#include <limits>
#include <string>

namespace pb::detection {

// A probe's design, as the one-sample t-test on its item gaps sees it.
struct DetectionDesign
{
    // Items (pairs compared), n >= 2. Fractional values are accepted only so that the solver can
    // be checked against published solvers that report a fractional n.
    double items = 0.0;
    // The standard deviation of the item gaps: the observed one when there are items to observe,
    // or gapSdFromRunNoise() of the observed run-to-run noise when planning.
    double gapSd = 0.0;
    double alpha = 0.05; // two-sided
    double power = 0.8;
};

struct DetectableEffect
{
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    bool valid = false;
    std::string refusal; // why there is no answer; empty when valid

    double gap = kNaN;              // the minimum detectable average gap, in the metric's units
    double standardized = kNaN;     // gap / gapSd (Cohen's d_z)
    double noncentrality = kNaN;    // gap sqrt(n) / gapSd at the solution
    double criticalT = kNaN;        // t_{1 - alpha/2, n - 1}
    double degreesOfFreedom = kNaN; // n - 1
};

// The smallest average per-item gap that a design would detect with the requested power, so a
// null result carries its size: "no gap larger than X would likely have been missed".
//
// The test is the two-sided one-sample t-test of the item gaps against 0 at level alpha. Its
// power against a true average gap g is exact under normal gaps, from the noncentral t
// (Boost.Math non_central_t) with n - 1 degrees of freedom and noncentrality g sqrt(n) / gapSd:
//
//   power(g) = P(T' > c) + P(T' < -c),   c = t_{1 - alpha/2, n - 1}.
//
// Both rejection regions are counted (R's power.t.test with strict = TRUE; its default counts
// only the upper one, which differs by less than 1e-5 at the powers of interest). The gap is
// the root of power(g) = target, bracketed from the normal approximation (z_{1 - alpha/2} +
// z_power) gapSd / sqrt(n) and solved by Boost.Math bracket_and_solve_root (TOMS 748) to about
// 1e-12 relative. For large n it tends to (z_{0.975} + z_{0.8}) gapSd / sqrt(n) = 2.8016
// gapSd / sqrt(n) at the defaults.
//
// Refused: n < 2, gapSd not positive and finite, alpha outside (0, 1), power outside (alpha, 1)
// (at g = 0 the power already equals alpha).
class MinimumDetectableEffect
{
public:
    static DetectableEffect solve(const DetectionDesign& design);
    // The power of the test above against an average gap `gap`; NaN on arguments solve() refuses.
    static double power(double items, double gap, double gapSd, double alpha);
    // The SD of one item's gap when each variant's score is the mean of seedsPerVariant runs
    // with run-to-run SD runSd: runSd sqrt(2 / seedsPerVariant). Only the sampling noise: true
    // gaps that vary from item to item add to it, so this is a lower bound on the gap SD and
    // the MDE from it an optimistic one; prefer the observed gap SD when there are items.
    static double gapSdFromRunNoise(double runSd, int seedsPerVariant);
    // The same for the pooled two-sample t-test of two groups of n1 and n2 units whose values
    // spread with SD sd: the smallest difference of the group means it detects. Solved as the
    // one-sample test with n1 + n2 - 1 items (so n1 + n2 - 2 degrees of freedom) and gap SD
    // sd sqrt((1/n1 + 1/n2)(n1 + n2 - 1)), which gives the same noncentrality
    // g / (sd sqrt(1/n1 + 1/n2)): exact, not an approximation. standardized is g / sd.
    static DetectableEffect twoSample(double n1, double n2, double sd, double alpha = 0.05,
                                      double power = 0.8);
};

} // namespace pb::detection

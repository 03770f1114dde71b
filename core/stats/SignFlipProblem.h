#pragma once

#include "stats/GapGrid.h"
#include "stats/WideInteger.h"

#include <QString>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace pb {

// The sign-flip question reduced to integers: count the sign patterns s of `values` with
// |sum_i s_i values_i| >= minimumHit. Zero gaps are dropped from `values` (each one doubles
// every count) and the mean gap of a pattern is sum * 2^exponent2 / denominator.
//
// fromGaps() reproduces the reference's rule exactly: Python rounds each pattern's mean to a
// double and compares it with the double observed - 1e-9. With the gaps as exact integers
// that comparison becomes |sum| >= minimumHit for one integer minimumHit (ties included
// exactly as round-half-even decides them).
struct SignFlipProblem
{
    int n = 0;        // all gaps
    int zeroGaps = 0; // gaps equal to zero (dropped from values)
    double observedMean = 0.0;
    double tailThreshold = 0.0; // |observedMean| - 1e-9, as the reference computes it
    std::vector<BigInt> values; // nonzero, in gap order
    BigInt minimumHit;          // <= 0: every pattern counts
    BigInt maxAbsSum;           // sum of |values|
    BigInt denominator = 1;     // n, or n * runsPerCell for a grid
    int exponent2 = 0;

    // Gaps must be finite and non-empty.
    static SignFlipProblem fromGaps(std::span<const double> gaps);
    // Counting on the grid gives the reference's answer only when its spacing 1/(n R) is well
    // above the 1e-9 tolerance plus the rounding in the gaps; otherwise returns nullopt and
    // says why.
    static std::optional<SignFlipProblem> fromGrid(std::span<const double> gaps,
                                                   const GapGrid& grid, QString* whyNot);

    bool everyPatternCounts() const { return minimumHit <= 0; }
    // Bits a signed integer needs to hold any partial sum (with one spare bit).
    int sumBits() const;
    double statistic(const BigInt& sum) const;

    // Histogram bins over [-maxAbsSum, maxAbsSum]: bin j holds the integer sums in
    // [binStart(j), binStart(j + 1)); binStart(bins) is maxAbsSum + 1.
    BigInt binStart(int j, int bins) const;
    int binIndex(const BigInt& sum, int bins) const;
    double binEdge(int j, int bins) const; // bin j's lower edge as a mean gap
};

// What a counting method found, before it is turned into probabilities.
struct SignFlipTally
{
    BigInt hits;         // patterns (or samples) with |sum| >= minimumHit, over `values`
    quint64 samples = 0; // Monte Carlo draws; 0 for exact counts over 2^values.size()
    std::vector<std::pair<BigInt, BigInt>> atoms; // (sum, count), ascending sum; may be empty
    std::vector<BigInt> binCounts;                // empty when no histogram was asked for
    std::vector<BigInt> binTailCounts;
};

} // namespace pb

#pragma once

#include "stats/GapGrid.h"
#include "stats/SignFlipResult.h"

#include <QList>
#include <optional>

namespace pb {

struct SignFlipOptions
{
    int maxEnumerationN = 16; // nonzero gaps visited pattern by pattern up to this many
    int maxSplitN = 40;       // exact meet-in-the-middle up to this many nonzero gaps
    double maxGridWork = 2e8; // grid additions allowed before the grid is passed over
    quint64 monteCarloSamples = 100000;
    quint64 seed = 20240601; // fixed, so a report's Monte Carlo p reproduces
    int histogramBins = 41;  // 0: skip the null distribution (faster split counts)
    int maxAtoms = 2048;     // exact atoms are listed up to this many distinct values
};

// The tutorial's two-sided sign-flip permutation test (sign_flip_p): p is the share of the
// 2^n sign patterns s for which |mean(s * gaps)| >= |mean(gaps)| - 1e-9, with means rounded
// as Python's statistics.mean rounds them. Exact far beyond 2^n enumeration:
//  - exact-grid: gaps on a grid 1/R (integer metric, equal runs per cell) are counted by
//    dynamic programming over the reachable sums; n = 200 takes milliseconds;
//  - exact-enumeration / exact-split: any finite doubles, the reference's rounding and
//    tolerance reproduced exactly, up to maxSplitN nonzero gaps;
//  - monte-carlo: beyond that, seeded, reported as an estimate with its standard error.
// Zero gaps double both counts and leave p unchanged, as in the reference. No gaps: p = 1.
// Non-finite gaps: p is NaN, method none, with a note.
class SignFlipTest
{
public:
    // Chooses the method: exact-grid when `grid` (or, without one, all-integer gaps) allows
    // it within maxGridWork; else enumeration, split or Monte Carlo by the nonzero count.
    static SignFlipResult run(const QList<double>& gaps,
                              const std::optional<GapGrid>& grid = std::nullopt,
                              const SignFlipOptions& options = {});

    // One method, forced. When it cannot run (grid inconsistent with the gaps, too many gaps)
    // the result has method none, p NaN and a note saying why.
    static SignFlipResult exactGrid(const QList<double>& gaps, const GapGrid& grid,
                                    const SignFlipOptions& options = {});
    static SignFlipResult exactEnumeration(const QList<double>& gaps,
                                           const SignFlipOptions& options = {});
    static SignFlipResult exactSplit(const QList<double>& gaps,
                                     const SignFlipOptions& options = {});
    static SignFlipResult monteCarlo(const QList<double>& gaps,
                                     const SignFlipOptions& options = {});
};

} // namespace pb

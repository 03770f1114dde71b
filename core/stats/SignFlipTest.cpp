#include "stats/SignFlipTest.h"

#include "stats/CorrectRounding.h"
#include "stats/ExactMoments.h"
#include "stats/SignFlipProblem.h"
#include "stats/SignPatternEnumeration.h"
#include "stats/SignPatternGrid.h"
#include "stats/SignPatternSampler.h"
#include "stats/SignPatternSplit.h"

#include <cmath>
#include <limits>
#include <span>

namespace pb {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::span<const double> asSpan(const QList<double>& gaps)
{
    return {gaps.constData(), static_cast<std::size_t>(gaps.size())};
}

// The cases every method answers the same way: no gaps, or gaps that cannot be averaged.
std::optional<SignFlipResult> trivialResult(const QList<double>& gaps)
{
    SignFlipResult result;
    result.n = static_cast<int>(gaps.size());
    if (gaps.isEmpty()) {
        result.p = 1.0;
        result.hits = QStringLiteral("1");
        result.note = QStringLiteral("no gaps to test: p = 1 by convention");
        return result;
    }
    for (double gap : gaps) {
        if (!std::isfinite(gap)) {
            result.p = kNaN;
            result.observedMean = ExactMoments::mean(gaps);
            result.note = QStringLiteral("a gap is not a finite number: no p");
            return result;
        }
    }
    return std::nullopt;
}

SignFlipResult refused(const QList<double>& gaps, const QString& why)
{
    SignFlipResult result;
    result.n = static_cast<int>(gaps.size());
    result.p = kNaN;
    result.observedMean = ExactMoments::mean(gaps);
    result.note = why;
    return result;
}

// Exact counts are over 2^m patterns of the nonzero values; samples over the draws.
double probability(const BigInt& count, const SignFlipProblem& problem, const SignFlipTally& tally)
{
    if (tally.samples > 0)
        return CorrectRounding::quotient(count, BigInt(tally.samples));
    return CorrectRounding::integer(count, -static_cast<int>(problem.values.size()));
}

SignFlipResult assemble(const SignFlipProblem& problem, SignFlipMethod method,
                        const SignFlipTally& tally, int bins)
{
    SignFlipResult result;
    result.method = method;
    result.n = problem.n;
    result.zeroGaps = problem.zeroGaps;
    result.observedMean = problem.observedMean;
    result.p = probability(tally.hits, problem, tally);
    if (tally.samples > 0) {
        result.samples = tally.samples;
        result.hits = WideInteger::decimal(tally.hits);
        result.standardError =
            std::sqrt(result.p * (1.0 - result.p) / static_cast<double>(tally.samples));
        result.note = QStringLiteral("estimate from %1 random sign patterns (seed fixed); "
                                     "standard error %2")
                          .arg(tally.samples)
                          .arg(result.standardError, 0, 'g', 2);
        if (tally.hits == 0) // the standard error says nothing when no sample hit
            result.note += QStringLiteral("; no sample was as extreme: p is below about %1 "
                                          "(95%, rule of three)")
                               .arg(3.0 / static_cast<double>(tally.samples), 0, 'g', 2);
    } else {
        result.patternsLog2 = problem.n;
        // Every zero gap doubles the hits (and the patterns).
        result.hits = WideInteger::decimal(tally.hits << problem.zeroGaps);
    }

    SignFlipNull& null = result.null;
    null.observed = problem.observedMean;
    null.tailThreshold = problem.tailThreshold;
    null.exact = tally.samples == 0;
    for (const auto& [sum, count] : tally.atoms) {
        null.atoms.push_back({problem.statistic(sum), probability(count, problem, tally),
                              abs(sum) >= problem.minimumHit});
    }
    for (std::size_t j = 0; j < tally.binCounts.size(); ++j) {
        const int index = static_cast<int>(j);
        null.bins.push_back({problem.binEdge(index, bins), problem.binEdge(index + 1, bins),
                             probability(tally.binCounts[j], problem, tally),
                             probability(tally.binTailCounts[j], problem, tally)});
    }
    return result;
}

SignFlipResult countOnGrid(const SignFlipProblem& problem, const SignFlipOptions& options)
{
    const SignFlipTally tally =
        SignPatternGrid::count(problem, options.histogramBins, options.maxAtoms);
    return assemble(problem, SignFlipMethod::ExactGrid, tally, options.histogramBins);
}

SignFlipResult countBySplit(const SignFlipProblem& problem, const SignFlipOptions& options)
{
    const SignFlipTally tally = SignPatternSplit::count(problem, options.histogramBins);
    return assemble(problem, SignFlipMethod::ExactSplit, tally, options.histogramBins);
}

SignFlipResult countByEnumeration(const SignFlipProblem& problem, const SignFlipOptions& options)
{
    SignFlipTally tally = SignPatternEnumeration::count(problem, options.histogramBins);
    if (static_cast<int>(tally.atoms.size()) > options.maxAtoms)
        tally.atoms.clear();
    return assemble(problem, SignFlipMethod::ExactEnumeration, tally, options.histogramBins);
}

SignFlipResult countBySampling(const SignFlipProblem& problem, const SignFlipOptions& options)
{
    if (options.monteCarloSamples == 0) {
        SignFlipResult result;
        result.n = problem.n;
        result.zeroGaps = problem.zeroGaps;
        result.observedMean = problem.observedMean;
        result.p = kNaN;
        result.note = QStringLiteral("monte-carlo cannot run: zero samples requested");
        return result;
    }
    const SignFlipTally tally = SignPatternSampler::count(problem, options.monteCarloSamples,
                                                          options.seed, options.histogramBins);
    return assemble(problem, SignFlipMethod::MonteCarlo, tally, options.histogramBins);
}

// A grid for integer gaps, which need no table to say that they lie on the grid 1.
std::optional<GapGrid> integerGrid(const QList<double>& gaps)
{
    GapGrid grid;
    for (double gap : gaps) {
        if (std::floor(gap) != gap || std::fabs(gap) > 4503599627370496.0)
            return std::nullopt;
        grid.numerators.append(static_cast<qint64>(gap));
    }
    return grid;
}

} // namespace

SignFlipResult SignFlipTest::run(const QList<double>& gaps, const std::optional<GapGrid>& grid,
                                 const SignFlipOptions& options)
{
    if (auto trivial = trivialResult(gaps))
        return *trivial;

    QString gridNote;
    const std::optional<GapGrid> candidate = grid ? grid : integerGrid(gaps);
    if (candidate) {
        QString whyNot;
        const auto problem = SignFlipProblem::fromGrid(asSpan(gaps), *candidate, &whyNot);
        const bool withDistribution = options.histogramBins > 0 || options.maxAtoms > 0;
        if (problem && SignPatternGrid::work(*problem, withDistribution) <= options.maxGridWork)
            return countOnGrid(*problem, options);
        if (grid)
            gridNote = problem ? QStringLiteral("grid not used: too large to count")
                               : QStringLiteral("grid not used: ") + whyNot;
    }

    const SignFlipProblem problem = SignFlipProblem::fromGaps(asSpan(gaps));
    const int nonzero = static_cast<int>(problem.values.size());
    SignFlipResult result;
    if (nonzero <= std::min(options.maxEnumerationN, SignPatternEnumeration::kMaxValues))
        result = countByEnumeration(problem, options);
    else if (nonzero <= std::min(options.maxSplitN, SignPatternSplit::kMaxValues))
        result = countBySplit(problem, options);
    else
        result = countBySampling(problem, options);
    if (!gridNote.isEmpty())
        result.note =
            result.note.isEmpty() ? gridNote : result.note + QStringLiteral("; ") + gridNote;
    return result;
}

SignFlipResult SignFlipTest::exactGrid(const QList<double>& gaps, const GapGrid& grid,
                                       const SignFlipOptions& options)
{
    if (auto trivial = trivialResult(gaps))
        return *trivial;
    QString whyNot;
    const auto problem = SignFlipProblem::fromGrid(asSpan(gaps), grid, &whyNot);
    if (!problem)
        return refused(gaps, QStringLiteral("exact-grid cannot run: ") + whyNot);
    const bool withDistribution = options.histogramBins > 0 || options.maxAtoms > 0;
    if (!std::isfinite(SignPatternGrid::work(*problem, withDistribution)))
        return refused(gaps, QStringLiteral("exact-grid cannot run: the grid is too large"));
    return countOnGrid(*problem, options);
}

SignFlipResult SignFlipTest::exactEnumeration(const QList<double>& gaps,
                                              const SignFlipOptions& options)
{
    if (auto trivial = trivialResult(gaps))
        return *trivial;
    const SignFlipProblem problem = SignFlipProblem::fromGaps(asSpan(gaps));
    if (static_cast<int>(problem.values.size()) > SignPatternEnumeration::kMaxValues)
        return refused(gaps, QStringLiteral("exact-enumeration cannot run: more than %1 "
                                            "nonzero gaps")
                                 .arg(SignPatternEnumeration::kMaxValues));
    return countByEnumeration(problem, options);
}

SignFlipResult SignFlipTest::exactSplit(const QList<double>& gaps, const SignFlipOptions& options)
{
    if (auto trivial = trivialResult(gaps))
        return *trivial;
    const SignFlipProblem problem = SignFlipProblem::fromGaps(asSpan(gaps));
    if (static_cast<int>(problem.values.size()) > SignPatternSplit::kMaxValues)
        return refused(gaps, QStringLiteral("exact-split cannot run: more than %1 nonzero gaps")
                                 .arg(SignPatternSplit::kMaxValues));
    return countBySplit(problem, options);
}

SignFlipResult SignFlipTest::monteCarlo(const QList<double>& gaps, const SignFlipOptions& options)
{
    if (auto trivial = trivialResult(gaps))
        return *trivial;
    return countBySampling(SignFlipProblem::fromGaps(asSpan(gaps)), options);
}

} // namespace pb

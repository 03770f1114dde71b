#include "stats/SignFlipProblem.h"

#include "stats/CorrectRounding.h"
#include "stats/ExactMoments.h"
#include "stats/FixedPointValues.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace pb {

namespace {

constexpr double kTolerance = 1e-9; // the reference's "observed - 1e-9"

void fillObserved(SignFlipProblem& problem, std::span<const double> gaps)
{
    problem.n = static_cast<int>(gaps.size());
    problem.observedMean = ExactMoments::mean(gaps);
    problem.tailThreshold = std::fabs(problem.observedMean) - kTolerance;
}

// Smallest integer K such that a pattern whose exact sum is `sum` (mean sum * 2^e / n) counts
// iff |sum| >= K under Python's rule round(|sum| * 2^e / n) >= threshold.
BigInt minimumHitFor(double threshold, int n, int e)
{
    if (!(threshold > 0.0))
        return 0;
    // round(x) >= threshold  <=>  x > mid, or x == mid and the tie rounds up to threshold,
    // where mid is halfway between threshold and the double just below it.
    const double below = std::nextafter(threshold, 0.0);
    const double pair[] = {below, threshold};
    const FixedPointValues fixed = FixedPointValues::from(pair);
    const BigInt midTimesTwo = fixed.integers[0] + fixed.integers[1]; // mid = this * 2^(f - 1)
    const int midExponent = fixed.exponent2 - 1;
    const bool tieCounts = (std::bit_cast<std::uint64_t>(threshold) & 1U) == 0;

    // Compare |sum| * 2^e with n * midTimesTwo * 2^midExponent.
    const BigInt scaled = BigInt(n) * midTimesTwo;
    if (midExponent >= e) {
        const BigInt bound = scaled << (midExponent - e);
        return tieCounts ? bound : BigInt(bound + 1);
    }
    const int shift = e - midExponent;
    const BigInt quotient = scaled >> shift;
    const bool exact = (quotient << shift) == scaled;
    if (!exact)
        return quotient + 1;
    return tieCounts ? quotient : BigInt(quotient + 1);
}

BigInt absoluteSum(const std::vector<BigInt>& values)
{
    BigInt total = 0;
    for (const BigInt& value : values)
        total += abs(value);
    return total;
}

// The observed pattern always counts, so minimumHit never exceeds maxAbsSum; the clamp only
// keeps the integer types chosen from maxAbsSum safe whatever the input.
void clampMinimumHit(SignFlipProblem& problem)
{
    if (problem.minimumHit > problem.maxAbsSum)
        problem.minimumHit = problem.maxAbsSum + 1;
}

double unitInLastPlace(double value)
{
    value = std::fabs(value);
    return std::nextafter(value, std::numeric_limits<double>::infinity()) - value;
}

} // namespace

SignFlipProblem SignFlipProblem::fromGaps(std::span<const double> gaps)
{
    SignFlipProblem problem;
    fillObserved(problem, gaps);
    const FixedPointValues fixed = FixedPointValues::from(gaps);
    problem.exponent2 = fixed.exponent2;
    problem.denominator = problem.n;
    for (const BigInt& integer : fixed.integers) {
        if (integer == 0)
            ++problem.zeroGaps;
        else
            problem.values.push_back(integer);
    }
    problem.minimumHit = minimumHitFor(problem.tailThreshold, problem.n, problem.exponent2);
    problem.maxAbsSum = absoluteSum(problem.values);
    clampMinimumHit(problem);
    return problem;
}

std::optional<SignFlipProblem> SignFlipProblem::fromGrid(std::span<const double> gaps,
                                                         const GapGrid& grid, QString* whyNot)
{
    auto refuse = [whyNot](const QString& reason) -> std::optional<SignFlipProblem> {
        if (whyNot)
            *whyNot = reason;
        return std::nullopt;
    };
    if (grid.runsPerCell < 1)
        return refuse(QStringLiteral("the grid has no runs per cell"));
    if (static_cast<std::size_t>(grid.numerators.size()) != gaps.size())
        return refuse(QStringLiteral("the grid has %1 numerators for %2 gaps")
                          .arg(grid.numerators.size())
                          .arg(gaps.size()));

    SignFlipProblem problem;
    fillObserved(problem, gaps);
    const BigInt runs(grid.runsPerCell);

    // Largest distance between a gap and its grid point, exactly, then rounded.
    const FixedPointValues fixed = FixedPointValues::from(gaps);
    double maxError = 0.0;
    double sumAbs = 0.0;
    BigInt numeratorSum = 0;
    for (std::size_t i = 0; i < gaps.size(); ++i) {
        const BigInt numerator(grid.numerators[static_cast<qsizetype>(i)]);
        numeratorSum += numerator;
        // |gap - numerator / R| = |X * R * 2^e - numerator| / R
        BigInt scaledGap = fixed.integers[i] * runs;
        BigInt scaledNumerator = numerator;
        if (fixed.exponent2 >= 0)
            scaledGap <<= fixed.exponent2;
        else
            scaledNumerator <<= -fixed.exponent2;
        const int errorExponent = std::min(fixed.exponent2, 0);
        const double error =
            CorrectRounding::quotient(abs(scaledGap - scaledNumerator), runs, errorExponent);
        maxError = std::max(maxError, error);
        sumAbs += std::fabs(gaps[i]);
        if (numerator == 0)
            ++problem.zeroGaps;
        else
            problem.values.push_back(numerator);
    }
    // Python's own roundings (each pattern mean, observed - 1e-9) are a few ulps at most.
    const double slack = 2.0 * maxError + 8.0 * unitInLastPlace(sumAbs / problem.n +
                                                                std::fabs(problem.observedMean));
    const double spacing =
        1.0 / (static_cast<double>(problem.n) * static_cast<double>(grid.runsPerCell));
    if (slack >= 0.5 * kTolerance)
        return refuse(QStringLiteral("the gaps are up to %1 away from the grid 1/%2")
                          .arg(maxError, 0, 'g', 3)
                          .arg(grid.runsPerCell));
    if (spacing <= 2.0 * kTolerance + slack)
        return refuse(
            QStringLiteral("the grid spacing 1/(n R) is too fine for the 1e-9 tolerance"));

    // On such a grid "at least observed - 1e-9" is "|sum| at least the observed |sum|".
    problem.minimumHit = problem.tailThreshold > 0.0 ? abs(numeratorSum) : BigInt(0);
    problem.denominator = BigInt(problem.n) * runs;
    problem.exponent2 = 0;
    problem.maxAbsSum = absoluteSum(problem.values);
    clampMinimumHit(problem);
    return problem;
}

int SignFlipProblem::sumBits() const
{
    return WideInteger::bitLength(maxAbsSum) + 2;
}

double SignFlipProblem::statistic(const BigInt& sum) const
{
    return CorrectRounding::quotient(sum, denominator, exponent2);
}

BigInt SignFlipProblem::binStart(int j, int bins) const
{
    const BigInt& max = maxAbsSum;
    if (j >= bins)
        return max + 1;
    // ceil(j * 2 max / bins) - max
    const BigInt numerator = BigInt(j) * 2 * max;
    BigInt start = numerator / bins;
    if (start * bins != numerator)
        ++start;
    return start - max;
}

int SignFlipProblem::binIndex(const BigInt& sum, int bins) const
{
    const BigInt& max = maxAbsSum;
    if (max == 0)
        return bins / 2;
    const BigInt index = (sum + max) * bins / (2 * max);
    return std::clamp(static_cast<int>(index), 0, bins - 1);
}

double SignFlipProblem::binEdge(int j, int bins) const
{
    // (-max + j * 2 max / bins) as a mean gap
    const BigInt& max = maxAbsSum;
    const BigInt numerator = BigInt(j) * 2 * max - max * bins;
    return CorrectRounding::quotient(numerator, denominator * bins, exponent2);
}

} // namespace pb

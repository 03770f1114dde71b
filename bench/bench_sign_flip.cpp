// Times the sign-flip p of core/stats against itself across methods and sizes, and prints
// one machine-readable line per measurement:
//   bench=sign_flip impl=cpp method=<m> n=<n> histogram=<bins> reps=<r> seconds_per_p=<s>
//   p=<p> hits=<h> gaps=<g1,g2,...>
// The integer gaps come from splitmix64(1000 + n) mapped to -3..5, the same generator as
// bench/sign_flip_reference.py, so the Python reference can be timed on identical input.

#include "stats/GapGrid.h"
#include "stats/SignFlipTest.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>

namespace {

std::uint64_t splitmix64(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

QList<qint64> benchGaps(int n)
{
    std::uint64_t state = 1000 + static_cast<std::uint64_t>(n);
    QList<qint64> gaps;
    for (int i = 0; i < n; ++i)
        gaps.append(static_cast<qint64>(splitmix64(state) % 9) - 3);
    return gaps;
}

struct Timing
{
    pb::SignFlipResult result;
    long reps = 0;
    double secondsPerP = 0.0;
};

// Repeats until at least minSeconds have passed (and at least three times).
Timing timeIt(const std::function<pb::SignFlipResult()>& computeP, double minSeconds)
{
    using Clock = std::chrono::steady_clock;
    Timing timing;
    const auto start = Clock::now();
    double elapsed = 0.0;
    do {
        timing.result = computeP();
        ++timing.reps;
        elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    } while (elapsed < minSeconds || timing.reps < 3);
    timing.secondsPerP = elapsed / static_cast<double>(timing.reps);
    return timing;
}

void report(const Timing& timing, int bins, const QList<qint64>& gaps)
{
    QStringList text;
    for (qint64 gap : gaps)
        text.append(QString::number(gap));
    std::printf("bench=sign_flip impl=cpp method=%s n=%d histogram=%d reps=%ld seconds_per_p=%.6g "
                "p=%.17g hits=%s gaps=%s\n",
                qPrintable(timing.result.methodName()), timing.result.n, bins, timing.reps,
                timing.secondsPerP, timing.result.p, qPrintable(timing.result.hits),
                qPrintable(text.join(QLatin1Char(','))));
    std::fflush(stdout);
}

void measure(int n, bool grid, bool split, int bins, double minSeconds, bool sampled = false)
{
    const QList<qint64> numerators = benchGaps(n);
    QList<double> gaps;
    for (qint64 numerator : numerators)
        gaps.append(static_cast<double>(numerator));
    pb::SignFlipOptions options;
    options.histogramBins = bins;
    options.maxAtoms = bins > 0 ? options.maxAtoms : 0;
    const pb::GapGrid onGrid{1.0, 1, numerators};
    if (grid)
        report(
            timeIt([&] { return pb::SignFlipTest::exactGrid(gaps, onGrid, options); }, minSeconds),
            bins, numerators);
    if (split)
        report(timeIt([&] { return pb::SignFlipTest::exactSplit(gaps, options); }, minSeconds),
               bins, numerators);
    if (sampled)
        report(timeIt([&] { return pb::SignFlipTest::monteCarlo(gaps, options); }, minSeconds),
               bins, numerators);
}

} // namespace

int main()
{
    // p alone (no null distribution), grid against split, at the sizes the reference can do.
    for (int n : {12, 16, 20})
        measure(n, true, true, 0, 0.3);
    // Beyond the reference: exact p on the grid; split up to its limit for comparison.
    measure(30, true, true, 0, 0.3);
    measure(40, false, true, 0, 0.3);
    measure(60, true, false, 0, 0.3);
    measure(200, true, false, 0, 0.3);
    // With the null distribution the GUI draws (41 bins and the exact atoms).
    measure(20, true, true, 41, 0.3);
    measure(40, false, true, 41, 0.3);
    measure(60, true, false, 41, 0.3);
    // The fallback for doubles beyond the split limit (default 100,000 samples).
    measure(200, false, false, 41, 0.3, true);
    return 0;
}

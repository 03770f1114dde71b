#include "ExactDouble.h"
#include "SignFlipOracle.h"
#include "TutorialRuns.h"
#include "stats/CorrectRounding.h"
#include "stats/ExactMoments.h"
#include "stats/PerItemTable.h"
#include "stats/SignFlipTest.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>

using namespace pb;
using pb::test::bruteForceHits;

namespace {

SignFlipOptions quickOptions()
{
    SignFlipOptions options;
    options.histogramBins = 0;
    options.maxAtoms = 0;
    return options;
}

void verifyExactSame(const SignFlipResult& actual, const SignFlipResult& expected)
{
    QVERIFY2(actual.isExact(),
             qPrintable(actual.methodName() + QStringLiteral(": ") + actual.note));
    QCOMPARE(actual.hits, expected.hits);
    QCOMPARE(actual.patternsLog2, expected.patternsLog2);
    PB_COMPARE_EXACT(actual.p, expected.p);
    PB_COMPARE_EXACT(actual.observedMean, expected.observedMean);
}

double sumOf(const std::vector<SignFlipBin>& bins, bool tailOnly)
{
    double total = 0.0;
    for (const SignFlipBin& bin : bins)
        total += tailOnly ? bin.tailProbability : bin.probability;
    return total;
}

} // namespace

class TestSignFlipTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reproducesTutorialP_data();
    void reproducesTutorialP();
    void methodsAgreeWithBruteForce_data();
    void methodsAgreeWithBruteForce();
    void countsTies();
    void zeroGapsLeavePUnchanged();
    void allZeroGapsGiveOne();
    void oneItem();
    void noGaps();
    void nonFiniteGap();
    void swappedValuesNegateMeanOnly();
    void itemOrderHasNoEffect();
    void largeGridIsExact_data();
    void largeGridIsExact();
    void choosesMethod();
    void refusesInconsistentGrid();
    void monteCarloIsSeededEstimate();
    void nullDistributionAddsUp();
};

void TestSignFlipTest::reproducesTutorialP_data()
{
    addTutorialRunRows();
}

void TestSignFlipTest::reproducesTutorialP()
{
    QFETCH(int, runsPerCell);
    QFETCH(QList<qint64>, sumsA);
    QFETCH(QList<qint64>, sumsB);
    QFETCH(QList<double>, gaps);
    QFETCH(double, meanGap);
    QFETCH(double, p);

    const PerItemTable table = PerItemTable::build(observationsFromSums(runsPerCell, sumsA, sumsB),
                                                   QStringLiteral("A"), QStringLiteral("B"));
    const SignFlipResult result = SignFlipTest::run(table.gaps(), table.gapGrid());
    QCOMPARE(result.methodName(), QStringLiteral("exact-grid"));
    PB_COMPARE_EXACT(result.p, p);
    PB_COMPARE_EXACT(result.observedMean, meanGap);
    QCOMPARE(result.n, 8);
    QCOMPARE(result.patternsLog2, 8);
    QCOMPARE(result.standardError, 0.0);
    QCOMPARE(result.hits, QString::number(static_cast<qint64>(p * 256)));

    // The same p from the doubles alone, by every exact method.
    verifyExactSame(SignFlipTest::run(gaps), result);
    verifyExactSame(SignFlipTest::exactEnumeration(gaps), result);
    verifyExactSame(SignFlipTest::exactSplit(gaps), result);
    QCOMPARE(bruteForceHits(gaps), static_cast<quint64>(p * 256));
}

void TestSignFlipTest::methodsAgreeWithBruteForce_data()
{
    QTest::addColumn<int>("kind"); // 0 integer gaps, 1 table-like gaps on 1/R, 2 any doubles
    QTest::addColumn<int>("n");
    QTest::addColumn<quint64>("seed");
    const char* kinds[] = {"integers", "table", "doubles"};
    for (int kind = 0; kind < 3; ++kind) {
        for (int n = 1; n <= 16; ++n) {
            const int repeats = n <= 10 ? 3 : 1;
            for (int r = 0; r < repeats; ++r)
                QTest::addRow("%s-n%d-%d", kinds[kind], n, r) << kind << n << quint64(100 * n + r);
        }
    }
}

void TestSignFlipTest::methodsAgreeWithBruteForce()
{
    QFETCH(int, kind);
    QFETCH(int, n);
    QFETCH(quint64, seed);
    std::mt19937_64 generator(seed);
    QList<double> gaps;
    std::optional<GapGrid> grid;
    if (kind == 0) {
        // Small range on purpose: many ties and many zeros.
        std::uniform_int_distribution<int> value(-3, 5);
        grid = GapGrid{};
        for (int i = 0; i < n; ++i) {
            grid->numerators.append(value(generator));
            gaps.append(static_cast<double>(grid->numerators.last()));
        }
    } else if (kind == 1) {
        // As PerItemTable makes them: mean of R integers minus mean of R integers.
        const int runs = std::uniform_int_distribution<int>(2, 20)(generator);
        std::uniform_int_distribution<int> steps(0, 6);
        grid = GapGrid{1.0 / runs, runs, {}};
        for (int i = 0; i < n; ++i) {
            qint64 a = 0;
            qint64 b = 0;
            for (int r = 0; r < runs; ++r) {
                a += steps(generator);
                b += steps(generator) + (i % 2);
            }
            gaps.append(ExactMoments::mean(QList<double>{double(a) / runs}) - double(b) / runs);
            grid->numerators.append(a - b);
        }
    } else {
        std::uniform_real_distribution<double> value(-2.0, 3.0);
        for (int i = 0; i < n; ++i)
            gaps.append(value(generator));
    }

    const quint64 expectedHits = bruteForceHits(gaps);
    const SignFlipResult enumeration = SignFlipTest::exactEnumeration(gaps, quickOptions());
    QCOMPARE(enumeration.hits, QString::number(expectedHits));
    PB_COMPARE_EXACT(enumeration.p, std::ldexp(static_cast<double>(expectedHits), -n));
    verifyExactSame(SignFlipTest::exactSplit(gaps, quickOptions()), enumeration);
    verifyExactSame(SignFlipTest::exactSplit(gaps), enumeration); // with the histogram
    if (grid) {
        const SignFlipResult onGrid = SignFlipTest::exactGrid(gaps, *grid);
        QCOMPARE(onGrid.methodName(), QStringLiteral("exact-grid"));
        verifyExactSame(onGrid, enumeration);
    }
    verifyExactSame(SignFlipTest::run(gaps, grid), enumeration);
}

void TestSignFlipTest::countsTies()
{
    // Patterns of (2, 2, -1, 1) with |sum| >= 4: (2, 2, +-1, +-1) except (2, 2, -1, 1)'s
    // mirror... i.e. sums 6, 4, 4 and their negatives: 6 of 16. sign_flip_p gives 0.375.
    const QList<double> gaps{2.0, 2.0, -1.0, 1.0};
    for (const SignFlipResult& result :
         {SignFlipTest::run(gaps), SignFlipTest::exactEnumeration(gaps),
          SignFlipTest::exactSplit(gaps),
          SignFlipTest::exactGrid(gaps, GapGrid{1.0, 1, {2, 2, -1, 1}})}) {
        QCOMPARE(result.hits, QStringLiteral("6"));
        PB_COMPARE_EXACT(result.p, 0.375);
    }
    PB_COMPARE_EXACT(SignFlipTest::run({1.0, 1.0, 1.0, 1.0}).p, 0.125);
}

void TestSignFlipTest::zeroGapsLeavePUnchanged()
{
    const QList<double> gaps{1.35, -0.3, 0.8, 0.35, 0.7};
    QList<double> withZeros = gaps;
    withZeros.insert(1, 0.0);
    withZeros.append(0.0);
    withZeros.append(-0.0);
    const SignFlipResult plain = SignFlipTest::run(gaps);
    for (const SignFlipResult& result :
         {SignFlipTest::run(withZeros), SignFlipTest::exactEnumeration(withZeros),
          SignFlipTest::exactSplit(withZeros)}) {
        QCOMPARE(result.n, 8);
        QCOMPARE(result.zeroGaps, 3);
        QCOMPARE(result.patternsLog2, 8);
        QCOMPARE(result.hits.toLongLong(), plain.hits.toLongLong() * 8); // both counts doubled
        // p is unchanged only up to the threshold: the mean has 8 in its denominator now,
        // so compare with the brute force on the same list.
        PB_COMPARE_EXACT(result.p, std::ldexp(double(bruteForceHits(withZeros)), -8));
    }
    // On the integer grid zeros change nothing at all.
    const QList<double> ints{3, -1, 2, 2, 0, 0};
    const QList<double> intsWithoutZeros{3, -1, 2, 2};
    PB_COMPARE_EXACT(SignFlipTest::run(ints).p, SignFlipTest::run(intsWithoutZeros).p);
    QCOMPARE(SignFlipTest::run(ints).hits.toInt(),
             4 * SignFlipTest::run(intsWithoutZeros).hits.toInt());
}

void TestSignFlipTest::allZeroGapsGiveOne()
{
    const QList<double> zeros{0.0, 0.0, 0.0, 0.0, 0.0};
    for (const SignFlipResult& result :
         {SignFlipTest::run(zeros), SignFlipTest::exactEnumeration(zeros),
          SignFlipTest::exactSplit(zeros), SignFlipTest::monteCarlo(zeros)}) {
        PB_COMPARE_EXACT(result.p, 1.0);
        PB_COMPARE_EXACT(result.observedMean, 0.0);
        QCOMPARE(result.zeroGaps, 5);
    }
    QCOMPARE(SignFlipTest::run(zeros).hits, QStringLiteral("32"));
}

void TestSignFlipTest::oneItem()
{
    for (double gap : {0.7, -2.0, 1e-12}) {
        const SignFlipResult result = SignFlipTest::run({gap});
        PB_COMPARE_EXACT(result.p, 1.0); // +gap and -gap are equally extreme
        QCOMPARE(result.hits, QStringLiteral("2"));
        QCOMPARE(result.patternsLog2, 1);
        PB_COMPARE_EXACT(result.observedMean, gap);
    }
}

void TestSignFlipTest::noGaps()
{
    const SignFlipResult result = SignFlipTest::run({});
    PB_COMPARE_EXACT(result.p, 1.0);
    QCOMPARE(result.n, 0);
    QCOMPARE(result.method, SignFlipMethod::None);
    QVERIFY(!result.note.isEmpty());
    PB_COMPARE_EXACT(SignFlipTest::exactSplit({}).p, 1.0);
}

void TestSignFlipTest::nonFiniteGap()
{
    const SignFlipResult result =
        SignFlipTest::run({1.0, std::numeric_limits<double>::quiet_NaN(), 2.0});
    QVERIFY(std::isnan(result.p));
    QCOMPARE(result.method, SignFlipMethod::None);
    QVERIFY(!result.note.isEmpty());
    QVERIFY(std::isnan(SignFlipTest::exactSplit({1.0, std::numeric_limits<double>::infinity()}).p));
}

void TestSignFlipTest::swappedValuesNegateMeanOnly()
{
    std::mt19937_64 generator(21);
    std::uniform_real_distribution<double> value(-1.0, 2.0);
    for (int n : {6, 13, 24, 45}) {
        QList<double> gaps;
        for (int i = 0; i < n; ++i)
            gaps.append(value(generator));
        QList<double> negated;
        for (double gap : gaps)
            negated.append(-gap);
        const SignFlipResult forward = SignFlipTest::run(gaps);
        const SignFlipResult backward = SignFlipTest::run(negated);
        QCOMPARE(backward.methodName(), forward.methodName());
        QCOMPARE(backward.hits, forward.hits);
        PB_COMPARE_EXACT(backward.p, forward.p);
        PB_COMPARE_EXACT(backward.observedMean, -forward.observedMean);
    }
}

void TestSignFlipTest::itemOrderHasNoEffect()
{
    std::mt19937_64 generator(34);
    std::uniform_real_distribution<double> value(-1.0, 2.0);
    for (int n : {7, 15, 30}) {
        QList<double> gaps;
        for (int i = 0; i < n; ++i)
            gaps.append(std::ldexp(value(generator), n % 5));
        const SignFlipResult reference = SignFlipTest::run(gaps);
        for (int round = 0; round < 3; ++round) {
            std::shuffle(gaps.begin(), gaps.end(), generator);
            verifyExactSame(SignFlipTest::run(gaps), reference);
        }
    }
}

void TestSignFlipTest::largeGridIsExact_data()
{
    QTest::addColumn<QList<qint64>>("numerators");
    QTest::addColumn<int>("runsPerCell");
    QTest::addColumn<QString>("hits");
    // Exact hits from an independent Python DP over all sums (|sum| >= |observed sum|):
    // python3 tests/stats/make_stats_literals.py largegrid
    // integer numerators, runs per cell, exact hits out of 2^n (as a decimal string)
    QTest::addRow("n60") << QList<qint64>{9,   6,   -11, 3,   -1, 31, 29,  12, -25, -19, -7,  -11,
                                          19,  -25, 0,   -29, 22, -9, -14, 9,  -11, 35,  -24, -17,
                                          8,   -11, -28, -2,  7,  0,  39,  5,  -22, -2,  -14, 2,
                                          -4,  -5,  -15, 34,  10, 33, 16,  18, -19, 37,  -18, -26,
                                          -27, -19, -20, -8,  19, 10, 19,  19, 39,  -9,  13,  12}
                         << 20 << QStringLiteral("782853838372732008");
    QTest::addRow("n200")
        << QList<qint64>{-35, -14, -37, -22, 39,  -6,  -39, 16,  -19, -38, 16,  -5,  16,  18,  -11,
                         -16, 42,  -25, -2,  9,   4,   43,  -28, 19,  15,  -11, 22,  -3,  42,  -25,
                         -23, -24, 21,  22,  -20, -16, 9,   22,  -26, 32,  -12, 30,  43,  1,   -25,
                         -22, 29,  43,  -10, 40,  -35, 34,  5,   -19, 20,  19,  34,  -3,  -4,  -13,
                         -27, -15, 0,   -8,  31,  6,   -32, -8,  25,  4,   25,  -40, -23, 27,  -14,
                         -1,  -32, -38, 17,  0,   -25, -1,  4,   -39, -7,  42,  6,   -5,  -28, -9,
                         -37, 26,  29,  14,  -13, 21,  21,  -12, -35, -15, 25,  17,  -32, 43,  -3,
                         10,  -35, -37, -39, -2,  39,  -34, -8,  -22, -23, 17,  -39, 18,  -17, -37,
                         13,  -7,  -12, 18,  33,  26,  36,  26,  -13, -23, -38, -28, 16,  16,  -34,
                         40,  -27, -38, -30, -16, 27,  44,  -28, 12,  23,  -35, -26, 41,  -12, 40,
                         24,  -9,  -18, 12,  -30, 18,  -10, 4,   12,  -20, 8,   42,  25,  -38, -35,
                         -35, 27,  17,  -36, -33, -10, 22,  -24, 14,  -34, -20, -23, 8,   8,   -38,
                         -21, 35,  22,  5,   21,  -28, -20, 16,  -21, 15,  -26, -33, 27,  11,  -22,
                         34,  9,   28,  -18, -35}
        << 10 << QStringLiteral("552236464611327160487677431827340744033268633303861696449576");
    QTest::addRow("n40") << QList<qint64>{4,   12,  8,  -23, -10, -7, 17,  15,  17,  -12,
                                          -17, 23,  -3, -8,  22,  3,  27,  -24, 8,   22,
                                          -17, -22, 16, -13, 14,  20, 4,   29,  -22, -14,
                                          25,  13,  -5, -18, -9,  -5, -16, 25,  7,   18}
                         << 5 << QStringLiteral("360381331954");
}

void TestSignFlipTest::largeGridIsExact()
{
    QFETCH(QList<qint64>, numerators);
    QFETCH(int, runsPerCell);
    QFETCH(QString, hits);
    const int n = static_cast<int>(numerators.size());
    QList<double> gaps;
    for (qint64 numerator : numerators)
        gaps.append(static_cast<double>(numerator) / runsPerCell);
    const GapGrid grid{1.0 / runsPerCell, runsPerCell, numerators};

    const SignFlipResult exact = SignFlipTest::run(gaps, grid);
    QCOMPARE(exact.methodName(), QStringLiteral("exact-grid"));
    QCOMPARE(exact.hits, hits);
    QCOMPARE(exact.patternsLog2, n);
    // p = hits / 2^n, correctly rounded.
    const BigInt expectedHits(hits.toStdString());
    PB_COMPARE_EXACT(exact.p, CorrectRounding::integer(expectedHits, -n));

    if (n <= 40)
        verifyExactSame(SignFlipTest::exactSplit(gaps, quickOptions()), exact);

    // Monte Carlo lands within a few standard errors of the exact p.
    const SignFlipResult estimate = SignFlipTest::monteCarlo(gaps);
    QCOMPARE(estimate.methodName(), QStringLiteral("monte-carlo"));
    QVERIFY(!estimate.isExact());
    QVERIFY(estimate.standardError > 0.0);
    QVERIFY2(std::fabs(estimate.p - exact.p) <= 4.0 * estimate.standardError,
             qPrintable(QStringLiteral("MC %1 +- %2, exact %3")
                            .arg(estimate.p)
                            .arg(estimate.standardError)
                            .arg(exact.p)));
    // Without the grid, doubles beyond the split limit fall back to Monte Carlo.
    if (n > 40)
        QCOMPARE(SignFlipTest::run(gaps).methodName(), QStringLiteral("monte-carlo"));
}

void TestSignFlipTest::choosesMethod()
{
    std::mt19937_64 generator(5);
    std::uniform_real_distribution<double> value(-1.0, 2.0);
    auto doubles = [&](int n) {
        QList<double> gaps;
        for (int i = 0; i < n; ++i)
            gaps.append(value(generator));
        return gaps;
    };
    QCOMPARE(SignFlipTest::run(doubles(10)).methodName(), QStringLiteral("exact-enumeration"));
    QCOMPARE(SignFlipTest::run(doubles(30)).methodName(), QStringLiteral("exact-split"));
    const SignFlipResult many = SignFlipTest::run(doubles(70));
    QCOMPARE(many.methodName(), QStringLiteral("monte-carlo"));
    QVERIFY(many.note.contains(QStringLiteral("estimate")));
    QCOMPARE(many.samples, SignFlipOptions{}.monteCarloSamples);
    // Integer gaps need no table to be counted on their grid.
    QList<double> integers;
    for (int i = 0; i < 70; ++i)
        integers.append(static_cast<double>((i * 7) % 5 - 1));
    QCOMPARE(SignFlipTest::run(integers).methodName(), QStringLiteral("exact-grid"));
}

void TestSignFlipTest::refusesInconsistentGrid()
{
    const QList<double> gaps{0.5, -0.25, 1.0};
    const GapGrid wrong{0.25, 4, {2, -1, 3}}; // the last gap would be 0.75
    const SignFlipResult forced = SignFlipTest::exactGrid(gaps, wrong);
    QCOMPARE(forced.method, SignFlipMethod::None);
    QVERIFY(std::isnan(forced.p));
    QVERIFY(!forced.note.isEmpty());

    const SignFlipResult fallback = SignFlipTest::run(gaps, wrong);
    QCOMPARE(fallback.methodName(), QStringLiteral("exact-enumeration"));
    QVERIFY(fallback.note.contains(QStringLiteral("grid not used")));
    verifyExactSame(SignFlipTest::exactGrid(gaps, GapGrid{0.25, 4, {2, -1, 4}}), fallback);

    const GapGrid tooShort{0.25, 4, {2, -1}};
    QCOMPARE(SignFlipTest::exactGrid(gaps, tooShort).method, SignFlipMethod::None);
}

void TestSignFlipTest::monteCarloIsSeededEstimate()
{
    QList<double> gaps;
    for (int i = 0; i < 50; ++i)
        gaps.append(0.05 * ((i * 37) % 11) - 0.2);
    SignFlipOptions options;
    options.monteCarloSamples = 20000;
    const SignFlipResult first = SignFlipTest::monteCarlo(gaps, options);
    const SignFlipResult again = SignFlipTest::monteCarlo(gaps, options);
    QCOMPARE(again.hits, first.hits);
    PB_COMPARE_EXACT(again.p, first.p);
    QCOMPARE(first.samples, quint64(20000));
    QCOMPARE(first.patternsLog2, 0);
    PB_COMPARE_EXACT(first.p, first.hits.toDouble() / 20000.0);
    QCOMPARE(first.standardError, std::sqrt(first.p * (1.0 - first.p) / 20000.0));
    QVERIFY(!first.null.exact);

    options.seed += 1;
    const SignFlipResult other = SignFlipTest::monteCarlo(gaps, options);
    QVERIFY(other.hits != first.hits);
    QVERIFY(std::fabs(other.p - first.p) < 6.0 * first.standardError);

    // Exact p = 2 / 2^60: no sample hits, and the note says what that does mean.
    const SignFlipResult none = SignFlipTest::monteCarlo(QList<double>(60, 0.5), options);
    QCOMPARE(none.hits, QStringLiteral("0"));
    QCOMPARE(none.p, 0.0);
    QVERIFY2(none.note.contains(QStringLiteral("rule of three")), qPrintable(none.note));
}

void TestSignFlipTest::nullDistributionAddsUp()
{
    const QList<double> tutorialGaps{1.35,
                                     -0.30000000000000027,
                                     0.7999999999999998,
                                     0.34999999999999964,
                                     0.7000000000000002,
                                     0.9500000000000002,
                                     1.1,
                                     0.6499999999999999};
    const GapGrid grid{0.05, 20, {27, -6, 16, 7, 14, 19, 22, 13}};
    const SignFlipResult onGrid = SignFlipTest::run(tutorialGaps, grid);
    QCOMPARE(onGrid.methodName(), QStringLiteral("exact-grid"));
    const SignFlipNull& null = onGrid.null;
    QVERIFY(null.exact);
    PB_COMPARE_EXACT(null.observed, onGrid.observedMean);
    QVERIFY(!null.atoms.empty());
    double atomTotal = 0.0;
    double atomTail = 0.0;
    for (std::size_t i = 0; i < null.atoms.size(); ++i) {
        const SignFlipAtom& atom = null.atoms[i];
        atomTotal += atom.probability;
        atomTail += atom.inTail ? atom.probability : 0.0;
        QCOMPARE(atom.inTail, std::fabs(atom.value) >= null.tailThreshold);
        // Symmetric around zero, ascending.
        const SignFlipAtom& mirror = null.atoms[null.atoms.size() - 1 - i];
        QCOMPARE(mirror.probability, atom.probability);
        QVERIFY(std::fabs(mirror.value + atom.value) < 1e-12);
        if (i > 0)
            QVERIFY(null.atoms[i - 1].value < atom.value);
    }
    QCOMPARE(atomTotal, 1.0);
    PB_COMPARE_EXACT(atomTail, onGrid.p); // sums of multiples of 2^-8 are exact
    QCOMPARE(null.bins.size(), std::size_t(SignFlipOptions{}.histogramBins));
    PB_COMPARE_EXACT(sumOf(null.bins, false), 1.0);
    PB_COMPARE_EXACT(sumOf(null.bins, true), onGrid.p);
    QVERIFY(null.bins.front().lower < 0.0 && null.bins.back().upper > 0.0);
    PB_COMPARE_EXACT(null.bins.front().lower, -null.bins.back().upper);
    for (std::size_t j = 1; j < null.bins.size(); ++j)
        PB_COMPARE_EXACT(null.bins[j].lower, null.bins[j - 1].upper);

    // The same distribution from enumeration and split (bins are exact there too).
    for (const SignFlipResult& result :
         {SignFlipTest::exactEnumeration(tutorialGaps), SignFlipTest::exactSplit(tutorialGaps)}) {
        QCOMPARE(result.null.bins.size(), null.bins.size());
        PB_COMPARE_EXACT(sumOf(result.null.bins, true), result.p);
        PB_COMPARE_EXACT(sumOf(result.null.bins, false), 1.0);
    }

    // A bigger split: probabilities are multiples of 2^-30, still exact in the sums.
    std::mt19937_64 generator(9);
    std::uniform_real_distribution<double> value(-1.0, 2.0);
    QList<double> gaps;
    for (int i = 0; i < 30; ++i)
        gaps.append(value(generator));
    const SignFlipResult split = SignFlipTest::exactSplit(gaps);
    PB_COMPARE_EXACT(sumOf(split.null.bins, false), 1.0);
    PB_COMPARE_EXACT(sumOf(split.null.bins, true), split.p);

    // Monte Carlo bins are labelled as estimates and add up to the estimated p.
    const SignFlipResult estimate = SignFlipTest::monteCarlo(gaps);
    QVERIFY(!estimate.null.exact);
    QVERIFY(std::fabs(sumOf(estimate.null.bins, true) - estimate.p) < 1e-12);
}

QTEST_GUILESS_MAIN(TestSignFlipTest)
#include "tst_sign_flip_test.moc"

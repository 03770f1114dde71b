#include "ExactDouble.h"
#include "stats/BootstrapCi.h"
#include "stats/ExactMoments.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <random>

using namespace pb;

namespace {

QList<double> normalGaps(int n, double mean, double sd, quint64 seed)
{
    std::mt19937_64 generator(seed);
    std::normal_distribution<double> normal(mean, sd);
    QList<double> gaps;
    for (int i = 0; i < n; ++i)
        gaps.append(normal(generator));
    return gaps;
}

} // namespace

class TestBootstrapCi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void isReproducible();
    void seedChangesTheDraws();
    void degenerateInputs();
    void coversTheMeanLikeTheNormalApproximation_data();
    void coversTheMeanLikeTheNormalApproximation();
    void swappedValuesMirrorTheInterval();
    void levelWidensTheInterval();
    void rejectsBadInput();
};

void TestBootstrapCi::isReproducible()
{
    const QList<double> gaps{1.35, -0.3, 0.8, 0.35, 0.7, 0.95, 1.1, 0.65};
    const BootstrapInterval first = BootstrapCi::averageGap(gaps);
    const BootstrapInterval second = BootstrapCi::averageGap(gaps);
    QVERIFY(first.valid);
    PB_COMPARE_EXACT(second.lower, first.lower);
    PB_COMPARE_EXACT(second.upper, first.upper);
    PB_COMPARE_EXACT(first.estimate, ExactMoments::mean(gaps));
    QCOMPARE(first.resamples, 10000);
    QCOMPARE(first.level, 0.95);
    QCOMPARE(first.n, 8);
    QVERIFY(first.lower < first.estimate && first.estimate < first.upper);
    // Resample means of these gaps lie between the smallest and largest gap.
    QVERIFY(first.lower >= -0.3 && first.upper <= 1.35);
}

void TestBootstrapCi::seedChangesTheDraws()
{
    const QList<double> gaps = normalGaps(25, 0.3, 1.0, 4);
    BootstrapOptions options;
    const BootstrapInterval a = BootstrapCi::averageGap(gaps, options);
    options.seed = 99;
    const BootstrapInterval b = BootstrapCi::averageGap(gaps, options);
    QCOMPARE(b.seed, quint64(99));
    QVERIFY(a.lower != b.lower || a.upper != b.upper);
    // ...but not the answer by much: both are 10,000-resample estimates of the same bounds.
    QVERIFY(std::fabs(a.lower - b.lower) < 0.05);
    QVERIFY(std::fabs(a.upper - b.upper) < 0.05);
}

void TestBootstrapCi::degenerateInputs()
{
    const BootstrapInterval one = BootstrapCi::averageGap({0.7});
    QVERIFY(one.valid);
    PB_COMPARE_EXACT(one.lower, 0.7);
    PB_COMPARE_EXACT(one.upper, 0.7);

    const BootstrapInterval same = BootstrapCi::averageGap({0.1, 0.1, 0.1, 0.1, 0.1});
    // Every resample mean is the exact mean of five 0.1s, which is 0.1 again.
    PB_COMPARE_EXACT(same.lower, 0.1);
    PB_COMPARE_EXACT(same.upper, 0.1);

    const BootstrapInterval zeros = BootstrapCi::averageGap({0.0, 0.0, 0.0});
    PB_COMPARE_EXACT(zeros.lower, 0.0);
    PB_COMPARE_EXACT(zeros.upper, 0.0);
}

void TestBootstrapCi::coversTheMeanLikeTheNormalApproximation_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<quint64>("seed");
    QTest::addRow("n30") << 30 << quint64(1);
    QTest::addRow("n100") << 100 << quint64(2);
    QTest::addRow("n400") << 400 << quint64(3);
}

void TestBootstrapCi::coversTheMeanLikeTheNormalApproximation()
{
    // For roughly normal gaps the percentile interval is close to mean +- 1.96 s / sqrt(n)
    // (a little narrower: the bootstrap uses the n, not n - 1, variance).
    QFETCH(int, n);
    QFETCH(quint64, seed);
    const QList<double> gaps = normalGaps(n, 0.5, 2.0, seed);
    const BootstrapInterval interval = BootstrapCi::averageGap(gaps);
    const double halfWidth = 1.96 * ExactMoments::sampleStandardDeviation(gaps) / std::sqrt(n);
    const double mean = ExactMoments::mean(gaps);
    QVERIFY2(
        std::fabs(interval.lower - (mean - halfWidth)) < 0.12 * halfWidth,
        qPrintable(QStringLiteral("lower %1 vs %2").arg(interval.lower).arg(mean - halfWidth)));
    QVERIFY2(
        std::fabs(interval.upper - (mean + halfWidth)) < 0.12 * halfWidth,
        qPrintable(QStringLiteral("upper %1 vs %2").arg(interval.upper).arg(mean + halfWidth)));
}

void TestBootstrapCi::swappedValuesMirrorTheInterval()
{
    const QList<double> gaps = normalGaps(20, 0.4, 1.0, 12);
    QList<double> negated;
    for (double gap : gaps)
        negated.append(-gap);
    const BootstrapInterval forward = BootstrapCi::averageGap(gaps);
    const BootstrapInterval backward = BootstrapCi::averageGap(negated);
    PB_COMPARE_EXACT(backward.estimate, -forward.estimate);
    // Same draws, negated sums: the bounds swap up to the interpolation's last bits.
    QVERIFY(std::fabs(backward.lower + forward.upper) < 1e-12);
    QVERIFY(std::fabs(backward.upper + forward.lower) < 1e-12);
}

void TestBootstrapCi::levelWidensTheInterval()
{
    const QList<double> gaps = normalGaps(40, 0.0, 1.0, 5);
    BootstrapOptions options;
    options.level = 0.8;
    const BootstrapInterval narrow = BootstrapCi::averageGap(gaps, options);
    options.level = 0.99;
    const BootstrapInterval wide = BootstrapCi::averageGap(gaps, options);
    QVERIFY(wide.lower < narrow.lower);
    QVERIFY(wide.upper > narrow.upper);
}

void TestBootstrapCi::rejectsBadInput()
{
    QVERIFY(!BootstrapCi::averageGap({}).valid);
    QVERIFY(!BootstrapCi::averageGap({1.0, std::nan("")}).valid);
    BootstrapOptions options;
    options.resamples = 0;
    const BootstrapInterval none = BootstrapCi::averageGap({1.0, 2.0}, options);
    QVERIFY(!none.valid);
    QVERIFY(!none.note.isEmpty());
    options.resamples = 100;
    options.level = 1.0;
    QVERIFY(!BootstrapCi::averageGap({1.0, 2.0}, options).valid);
}

QTEST_GUILESS_MAIN(TestBootstrapCi)
#include "tst_bootstrap_ci.moc"

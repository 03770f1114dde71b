#include "stats/detection/DistanceComparison.h"

#include <QTest>
#include <cmath>

using namespace pb::detection;
using Distances = std::vector<double>;

Q_DECLARE_METATYPE(Distances)

namespace {

// Items whose distances sit at very different levels (0.05 to 0.75 bits), each with its own
// small difference d_i between D_cf and D_null: the case where the items, not the labels,
// hold most of the spread. The |d_i| are powers of two (thousandths), so every sign pattern
// has a sum of its own and the paired test's p takes every value k / 256.
constexpr int kItems = 8;

double level(int i)
{
    return 0.05 + 0.1 * i;
}

double magnitude(int i)
{
    return 0.001 * double(1 << i);
}

// The item-i distances for sign pattern `signs` (bit i set: D_cf above D_null on item i).
std::pair<Distances, Distances> pairsFor(unsigned signs)
{
    Distances cf, null;
    for (int i = 0; i < kItems; ++i) {
        const double d = (signs >> i) & 1u ? magnitude(i) : -magnitude(i);
        cf.push_back(level(i) + d / 2);
        null.push_back(level(i) - d / 2);
    }
    return {cf, null};
}

} // namespace

class TestDistanceComparison : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // p hand-counted over the 2^n sign patterns of d = D_cf - D_null.
    void handCountedP_data()
    {
        QTest::addColumn<Distances>("cf");
        QTest::addColumn<Distances>("null");
        QTest::addColumn<double>("oneSided");
        QTest::addColumn<double>("twoSided");
        QTest::addColumn<bool>("detected");
        // d = 1, 2, 3: only +++ reaches mean 2; two-sided, +++ and ---.
        QTest::addRow("three up") << Distances{1.5, 2.5, 3.5} << Distances{0.5, 0.5, 0.5} << 1.0 / 8
                                  << 2.0 / 8 << false;
        // d = 1, 1, -1, 1, 1: mean 0.6; sign patterns with mean >= 0.6: four plus signs or
        // more, 5 + 1 of 32.
        QTest::addRow("four of five up") << Distances{2, 2, 1, 2, 2} << Distances{1, 1, 2, 1, 1}
                                         << 6.0 / 32 << 12.0 / 32 << false;
        // Eight items, every one further apart under B: 1 of 256.
        QTest::addRow("eight up") << pairsFor(0xFFu).first << pairsFor(0xFFu).second << 1.0 / 256
                                  << 2.0 / 256 << true;
    }

    void handCountedP()
    {
        QFETCH(Distances, cf);
        QFETCH(Distances, null);
        QFETCH(double, oneSided);
        QFETCH(double, twoSided);
        QFETCH(bool, detected);
        const DistanceComparisonResult r = DistanceComparison::compare(cf, null);
        QVERIFY2(r.valid, r.refusal.c_str());
        QVERIFY(r.paired.isExact());
        QCOMPARE(r.items, int(cf.size()));
        QVERIFY(r.above());
        QVERIFY2(std::abs(r.p - oneSided) < 1e-12, qPrintable(QString::number(r.p, 'g', 17)));
        QVERIFY(std::abs(r.paired.p - twoSided) < 1e-12);
        QCOMPARE(r.detected(0.05), detected);
        // The effect and interval are NoiseFloorEffect's, without its pooled p.
        const EffectAgainstNoise alone = NoiseFloorEffect::estimate(cf, null);
        QCOMPARE(r.effect.effect, alone.effect);
        QCOMPARE(r.effect.lower, alone.lower);
        QCOMPARE(r.effect.upper, alone.upper);
        QVERIFY(std::isnan(r.effect.p));
    }

    // The verdict's size, counted exactly: with no bias every one of the 2^8 sign patterns of
    // the differences is equally likely, so the share of them detected is the verdict's false
    // positive rate. The paired one-sided test flags the 12 largest sums: 12/256 = 0.047, as
    // near 0.05 as 256 patterns allow. The pooled permutation over the same distances (the
    // verdict before, with its direction) counts the items' spread as noise and flags none.
    void exactSizeOverEverySignPattern()
    {
        int paired = 0;
        int pooled = 0;
        for (unsigned signs = 0; signs < (1u << kItems); ++signs) {
            const auto [cf, null] = pairsFor(signs);
            const DistanceComparisonResult r = DistanceComparison::compare(cf, null);
            QVERIFY2(r.valid, r.refusal.c_str());
            paired += r.detected(0.05) ? 1 : 0;
            const EffectAgainstNoise e = NoiseFloorEffect::estimate(cf, null);
            pooled += e.p < 0.05 && e.meanCounterfactual > e.meanNull ? 1 : 0;
        }
        QCOMPARE(paired, 12);
        QCOMPARE(pooled, 0);
    }

    // Divergences below the noise are never a detection; far below, they are flagged as such.
    void belowTheNoise()
    {
        const auto [cf, null] = pairsFor(0x00u);
        const DistanceComparisonResult r = DistanceComparison::compare(cf, null);
        QVERIFY(r.valid);
        QVERIFY(!r.above());
        QVERIFY(r.meanDifference < 0);
        QVERIFY(std::isnan(r.p));
        QVERIFY(!r.detected(0.05));
        QVERIFY(r.significantlyBelow(0.05));
        QVERIFY(std::abs(r.paired.p - 2.0 / 256) < 1e-12);

        const DistanceComparisonResult same =
            DistanceComparison::compare({0.2, 0.3, 0.4}, {0.2, 0.3, 0.4});
        QVERIFY(same.valid);
        QVERIFY(!same.above() && !same.detected(0.05) && !same.significantlyBelow(0.05));
        QCOMPARE(same.paired.p, 1.0);
    }

    // The minimum detectable difference is the one-sided t-test's at the design's items and the
    // differences' own SD: at that mean shift the one-sided test has 80% power, and the design
    // with half the spread detects half the shift.
    void minimumDetectableDifference()
    {
        const Distances cf{0.30, 0.25, 0.40, 0.35, 0.20, 0.45, 0.30, 0.28};
        const Distances null{0.20, 0.26, 0.31, 0.30, 0.22, 0.35, 0.25, 0.27};
        const DistanceComparisonResult r = DistanceComparison::compare(cf, null);
        QVERIFY(r.valid);
        QVERIFY(r.detectable.valid);
        double mean = 0.0;
        for (std::size_t i = 0; i < cf.size(); ++i)
            mean += (cf[i] - null[i]) / double(cf.size());
        double ss = 0.0;
        for (std::size_t i = 0; i < cf.size(); ++i)
            ss += std::pow(cf[i] - null[i] - mean, 2.0);
        const double sd = std::sqrt(ss / double(cf.size() - 1));
        QVERIFY(std::abs(r.sdDifference - sd) < 1e-12);
        // Power at the stated shift, counted as the one-sided test at 0.05 (two-sided at 0.1).
        const double power = MinimumDetectableEffect::power(8, r.detectable.gap, sd, 0.10);
        QVERIFY2(std::abs(power - 0.8) < 1e-6, qPrintable(QString::number(power)));
        QVERIFY(MinimumDetectableEffect::power(8, r.detectable.gap / 2, sd, 0.10) < 0.5);
        Distances halfCf = null;
        for (std::size_t i = 0; i < cf.size(); ++i)
            halfCf[i] += (cf[i] - null[i]) / 2.0;
        const DistanceComparisonResult half = DistanceComparison::compare(halfCf, null);
        QVERIFY(std::abs(half.detectable.gap - r.detectable.gap / 2.0) < 1e-9);

        // Differences that do not spread have no minimum, and say why.
        const DistanceComparisonResult flat =
            DistanceComparison::compare({0.3, 0.4, 0.5}, {0.2, 0.3, 0.4});
        QVERIFY(flat.valid);
        QVERIFY(!flat.detectable.valid);
        QVERIFY(!flat.detectable.refusal.empty());
    }

    void refusals_data()
    {
        QTest::addColumn<Distances>("cf");
        QTest::addColumn<Distances>("null");
        QTest::addColumn<QString>("message");
        QTest::addRow("unpaired") << Distances{0.1, 0.2, 0.3} << Distances{0.1, 0.2}
                                  << "must come in pairs";
        QTest::addRow("one item") << Distances{0.1} << Distances{0.1} << "fewer than two null";
        QTest::addRow("NaN") << Distances{0.1, std::nan("")} << Distances{0.1, 0.2}
                             << "counterfactual distance 2 is nan";
    }

    void refusals()
    {
        QFETCH(Distances, cf);
        QFETCH(Distances, null);
        QFETCH(QString, message);
        const DistanceComparisonResult r = DistanceComparison::compare(cf, null);
        QVERIFY(!r.valid);
        QVERIFY(!r.detected(0.05));
        QVERIFY2(QString::fromStdString(r.refusal).contains(message), r.refusal.c_str());
    }
};

QTEST_GUILESS_MAIN(TestDistanceComparison)
#include "tst_distance_comparison.moc"

#include "ExactDouble.h"
#include "stats/SignTest.h"

#include <QTest>
#include <cmath>
#include <limits>

using namespace pb;

class TestSignTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchesExactBinomial_data();
    void matchesExactBinomial();
    void noUsableGapsGivesOne();
    void dropsZeroAndNaNGaps();
};

void TestSignTest::matchesExactBinomial_data()
{
    QTest::addColumn<int>("positive");
    QTest::addColumn<int>("negative");
    QTest::addColumn<int>("zeros");
    QTest::addColumn<double>("expected");
    // The spreadsheet formula evaluated exactly with Python fractions, then rounded once:
    // python3 tests/stats/make_stats_literals.py signtest
    // positives, negatives, zeros, exact MIN(1, 2*(1-BINOM.DIST(k-1, n, 0.5, TRUE)))
    QTest::addRow("pos7-neg1-zero0") << 7 << 1 << 0 << 0x1.2000000000000p-4;
    QTest::addRow("pos1-neg7-zero0") << 1 << 7 << 0 << 0x1.2000000000000p-4;
    QTest::addRow("pos4-neg4-zero0") << 4 << 4 << 0 << 0x1.0000000000000p+0;
    QTest::addRow("pos5-neg2-zero1") << 5 << 2 << 1 << 0x1.d000000000000p-2;
    QTest::addRow("pos3-neg0-zero5") << 3 << 0 << 5 << 0x1.0000000000000p-2;
    QTest::addRow("pos1-neg0-zero0") << 1 << 0 << 0 << 0x1.0000000000000p+0;
    QTest::addRow("pos0-neg1-zero2") << 0 << 1 << 2 << 0x1.0000000000000p+0;
    QTest::addRow("pos10-neg0-zero0") << 10 << 0 << 0 << 0x1.0000000000000p-9;
    QTest::addRow("pos12-neg3-zero2") << 12 << 3 << 2 << 0x1.2000000000000p-5;
    QTest::addRow("pos20-neg5-zero0") << 20 << 5 << 0 << 0x1.0b36000000000p-8;
    QTest::addRow("pos30-neg30-zero1") << 30 << 30 << 1 << 0x1.0000000000000p+0;
    QTest::addRow("pos45-neg15-zero0") << 45 << 15 << 0 << 0x1.1a18b28293500p-13;
    QTest::addRow("pos100-neg60-zero3") << 100 << 60 << 3 << 0x1.00143c05ee6edp-9;
    QTest::addRow("pos150-neg50-zero0") << 150 << 50 << 0 << 0x1.d87c2d9e98a2cp-41;
    QTest::addRow("pos200-neg100-zero0") << 200 << 100 << 0 << 0x1.13639684f1afdp-27;
    QTest::addRow("pos900-neg800-zero0") << 900 << 800 << 0 << 0x1.0b65e763f8bb3p-6;
}

void TestSignTest::matchesExactBinomial()
{
    QFETCH(int, positive);
    QFETCH(int, negative);
    QFETCH(int, zeros);
    QFETCH(double, expected);
    QList<double> gaps;
    // Interleave the signs and vary the sizes: only the signs may matter.
    for (int i = 0; i < std::max({positive, negative, zeros}); ++i) {
        if (i < negative)
            gaps.append(-0.05 * (i + 1));
        if (i < zeros)
            gaps.append(0.0);
        if (i < positive)
            gaps.append(1.0 + i);
    }
    const SignTestResult result = SignTest::run(gaps);
    QCOMPARE(result.positive, positive);
    QCOMPARE(result.negative, negative);
    QCOMPARE(result.zeros, zeros);
    QCOMPARE(result.n, positive + negative);
    QCOMPARE(result.k, std::max(positive, negative));
    // Boost.Math's incomplete beta is accurate to a few ulps, not correctly rounded.
    const double relative = std::fabs(result.p - expected) / expected;
    QVERIFY2(relative < 1e-13,
             qPrintable(QStringLiteral("got %1, expected %2")
                            .arg(test::hexDouble(result.p), test::hexDouble(expected))));
    QVERIFY(result.p <= 1.0);
}

void TestSignTest::noUsableGapsGivesOne()
{
    for (const QList<double>& gaps : {QList<double>{}, QList<double>{0.0, -0.0, 0.0}}) {
        const SignTestResult result = SignTest::run(gaps);
        QCOMPARE(result.n, 0);
        QCOMPARE(result.k, 0);
        QCOMPARE(result.p, 1.0);
    }
}

void TestSignTest::dropsZeroAndNaNGaps()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const SignTestResult result = SignTest::run({0.4, nan, 0.0, 1.1, 0.2, -0.3, 0.0, 2.0});
    QCOMPARE(result.unusable, 1);
    QCOMPARE(result.zeros, 2);
    QCOMPARE(result.n, 5);
    QCOMPARE(result.k, 4);
    // 2 * (C(5,4) + C(5,5)) / 32 = 12 / 32
    PB_COMPARE_EXACT(result.p, 0.375);
}

QTEST_GUILESS_MAIN(TestSignTest)
#include "tst_sign_test.moc"

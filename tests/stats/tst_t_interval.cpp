#include "ExactDouble.h"
#include "stats/TInterval.h"

#include <QTest>
#include <cmath>
#include <limits>

using namespace pb;

class TestTInterval : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchesTheTFormula_data();
    void matchesTheTFormula();
    void tooFewItemsHaveNoInterval_data();
    void tooFewItemsHaveNoInterval();
    void levelWidensTheInterval();
};

void TestTInterval::matchesTheTFormula_data()
{
    QTest::addColumn<QList<double>>("gaps");
    QTest::addColumn<double>("quantile"); // t(n - 1) at 0.975: tan(0.475 pi) for one degree; by
                                          // quadrature of the density
    QTest::addColumn<double>("mean");
    QTest::addColumn<double>("sd");
    QTest::addRow("two items") << QList<double>{1.0, 2.0} << 12.706204736174707 << 1.5
                               << 0.7071067811865476;
    QTest::addRow("eight items") << QList<double>{1, 2, 3, 4, 5, 6, 7, 8} << 2.3646242515927849
                                 << 4.5 << 2.449489742783178;
    QList<double> twenty;
    for (int i = 0; i < 20; ++i)
        twenty << (i % 2 ? 0.5 : -0.25);
    QTest::addRow("twenty items") << twenty << 2.0930240544082634 << 0.125 << 0.38474188203193277;
}

void TestTInterval::matchesTheTFormula()
{
    QFETCH(QList<double>, gaps);
    QFETCH(double, quantile);
    QFETCH(double, mean);
    QFETCH(double, sd);
    const GapInterval interval = TInterval::averageGap(gaps);
    QVERIFY2(interval.valid, qPrintable(interval.note));
    QCOMPARE(interval.items, gaps.size());
    QCOMPARE(interval.degreesOfFreedom, int(gaps.size()) - 1);
    PB_COMPARE_EXACT(interval.estimate, mean);
    const double half = quantile * sd / std::sqrt(double(gaps.size()));
    QVERIFY(std::fabs(interval.lower - (mean - half)) < 1e-12);
    QVERIFY(std::fabs(interval.upper - (mean + half)) < 1e-12);
    QCOMPARE(interval.level, 0.95);
}

void TestTInterval::tooFewItemsHaveNoInterval_data()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QTest::addColumn<QList<double>>("gaps");
    QTest::addColumn<QString>("note");
    QTest::addRow("none") << QList<double>{} << QStringLiteral("no item gaps");
    QTest::addRow("one item") << QList<double>{0.7}
                              << QStringLiteral("one item: its spread, and so an interval, "
                                                "needs two or more");
    QTest::addRow("the same gap everywhere")
        << QList<double>{0.5, 0.5, 0.5}
        << QStringLiteral("every item gap is the same: no spread to make an interval from");
    QTest::addRow("not a number") << QList<double>{0.5, nan}
                                  << QStringLiteral("a gap is not a "
                                                    "finite number");
}

void TestTInterval::tooFewItemsHaveNoInterval()
{
    QFETCH(QList<double>, gaps);
    QFETCH(QString, note);
    const GapInterval interval = TInterval::averageGap(gaps);
    QVERIFY(!interval.valid);
    QCOMPARE(interval.note, note);
    QVERIFY(std::isnan(interval.lower));
    QVERIFY(std::isnan(interval.upper));
}

void TestTInterval::levelWidensTheInterval()
{
    const QList<double> gaps{0.3, 1.1, -0.2, 0.8, 0.4};
    const GapInterval ninety = TInterval::averageGap(gaps, 0.90);
    const GapInterval ninetyNine = TInterval::averageGap(gaps, 0.99);
    QVERIFY(ninetyNine.lower < ninety.lower);
    QVERIFY(ninetyNine.upper > ninety.upper);
    QVERIFY(!TInterval::averageGap(gaps, 1.0).valid);
}

QTEST_GUILESS_MAIN(TestTInterval)
#include "tst_t_interval.moc"

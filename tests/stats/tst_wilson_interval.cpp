#include "stats/groups/WilsonInterval.h"

#include <QTest>
#include <stdexcept>

using namespace pb::groups;

// The Wilson score interval against Newcombe (1998), "Two-sided confidence intervals for the
// single proportion: comparison of seven methods", Statistics in Medicine 17, Table I,
// method 3 (score, no continuity correction), printed to four decimals.
class TestWilsonInterval : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchesNewcombe_data();
    void matchesNewcombe();
    void noTrialsHasNoInterval();
    void refusesImpossibleCounts_data();
    void refusesImpossibleCounts();
    void widerAtHigherLevel();
};

void TestWilsonInterval::matchesNewcombe_data()
{
    QTest::addColumn<long long>("successes");
    QTest::addColumn<long long>("trials");
    QTest::addColumn<double>("lower");
    QTest::addColumn<double>("upper");
    QTest::addRow("81/263") << 81LL << 263LL << 0.2553 << 0.3662;
    QTest::addRow("15/148") << 15LL << 148LL << 0.0624 << 0.1605;
    QTest::addRow("0/20") << 0LL << 20LL << 0.0000 << 0.1611;
    QTest::addRow("1/29") << 1LL << 29LL << 0.0061 << 0.1718;
    QTest::addRow("29/29") << 29LL << 29LL << 0.8830 << 1.0000;
}

void TestWilsonInterval::matchesNewcombe()
{
    QFETCH(long long, successes);
    QFETCH(long long, trials);
    QFETCH(double, lower);
    QFETCH(double, upper);
    const ProportionInterval ci = WilsonInterval::of(successes, trials);
    QVERIFY(ci.valid);
    QCOMPARE(ci.estimate, double(successes) / double(trials));
    QVERIFY2(std::abs(ci.lower - lower) < 0.5e-4, qPrintable(QString::number(ci.lower, 'f', 6)));
    QVERIFY2(std::abs(ci.upper - upper) < 0.5e-4, qPrintable(QString::number(ci.upper, 'f', 6)));
    QVERIFY(ci.lower <= ci.estimate && ci.estimate <= ci.upper);
}

void TestWilsonInterval::noTrialsHasNoInterval()
{
    const ProportionInterval ci = WilsonInterval::of(0, 0);
    QVERIFY(!ci.valid);
    QVERIFY(std::isnan(ci.lower));
    QVERIFY(std::isnan(ci.upper));
}

void TestWilsonInterval::refusesImpossibleCounts_data()
{
    QTest::addColumn<long long>("successes");
    QTest::addColumn<long long>("trials");
    QTest::addRow("more successes than trials") << 5LL << 4LL;
    QTest::addRow("negative successes") << -1LL << 4LL;
    QTest::addRow("negative trials") << 0LL << -4LL;
}

void TestWilsonInterval::refusesImpossibleCounts()
{
    QFETCH(long long, successes);
    QFETCH(long long, trials);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, WilsonInterval::of(successes, trials));
}

void TestWilsonInterval::widerAtHigherLevel()
{
    const ProportionInterval at90 = WilsonInterval::of(12, 40, 0.90);
    const ProportionInterval at99 = WilsonInterval::of(12, 40, 0.99);
    QVERIFY(at99.lower < at90.lower);
    QVERIFY(at99.upper > at90.upper);
}

QTEST_APPLESS_MAIN(TestWilsonInterval)
#include "tst_wilson_interval.moc"

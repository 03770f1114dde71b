#include "stats/detection/DeterministicComparison.h"

#include <QTest>
#include <limits>

using namespace pb::detection;
using Distances = std::vector<double>;

Q_DECLARE_METATYPE(Distances)

class TestDeterministicComparison : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void compare_data();
    void compare();
    void refusals_data();
    void refusals();
};

void TestDeterministicComparison::compare_data()
{
    QTest::addColumn<Distances>("cf");
    QTest::addColumn<Distances>("null");
    QTest::addColumn<bool>("stable");
    QTest::addColumn<bool>("differs");
    QTest::addColumn<double>("meanCf");
    QTest::addColumn<double>("largestCf");
    QTest::addColumn<double>("largestNull");

    QTest::addRow("stable, one item changed")
        << Distances{0, 0.2} << Distances{0, 0} << true << true << 0.1 << 0.2 << 0.0;
    QTest::addRow("stable, nothing changed")
        << Distances{0, 0, 0} << Distances{0} << true << false << 0.0 << 0.0 << 0.0;
    // The repeated standard call moved: temperature 0 is not deterministic on this backend, so a
    // difference is no longer real by construction.
    QTest::addRow("unstable backend")
        << Distances{0.3} << Distances{0, 0.01} << false << true << 0.3 << 0.3 << 0.01;
    // Even the smallest nonzero null distance counts: stability is exact, not approximate.
    QTest::addRow("unstable by a hair")
        << Distances{0.3} << Distances{std::numeric_limits<double>::denorm_min()} << false << true
        << 0.3 << 0.3 << std::numeric_limits<double>::denorm_min();
}

void TestDeterministicComparison::compare()
{
    QFETCH(Distances, cf);
    QFETCH(Distances, null);
    QFETCH(bool, stable);
    QFETCH(bool, differs);
    QFETCH(double, meanCf);
    QFETCH(double, largestCf);
    QFETCH(double, largestNull);
    const DeterministicDifference d = DeterministicComparison::compare(cf, null);
    QVERIFY2(d.valid, d.refusal.c_str());
    QCOMPARE(d.stable, stable);
    QCOMPARE(d.differs, differs);
    QCOMPARE(d.meanCounterfactual, meanCf);
    QCOMPARE(d.largestCounterfactual, largestCf);
    QCOMPARE(d.largestNull, largestNull);
    QCOMPARE(d.counterfactualCount, int(cf.size()));
    QCOMPARE(d.nullCount, int(null.size()));
}

void TestDeterministicComparison::refusals_data()
{
    QTest::addColumn<Distances>("cf");
    QTest::addColumn<Distances>("null");
    QTest::addColumn<QString>("message");
    QTest::addRow("no counterfactual") << Distances{} << Distances{0} << "no counterfactual";
    QTest::addRow("no repeat") << Distances{0.1} << Distances{} << "no repeated standard call";
    QTest::addRow("negative distance")
        << Distances{0.1, -0.1} << Distances{0} << "counterfactual distance 2 is -0.1";
    QTest::addRow("NaN null") << Distances{0.1}
                              << Distances{std::numeric_limits<double>::quiet_NaN()}
                              << "null distance 1";
}

void TestDeterministicComparison::refusals()
{
    QFETCH(Distances, cf);
    QFETCH(Distances, null);
    QFETCH(QString, message);
    const DeterministicDifference d = DeterministicComparison::compare(cf, null);
    QVERIFY(!d.valid);
    QVERIFY(!d.stable && !d.differs);
    QVERIFY2(QString::fromStdString(d.refusal).contains(message), d.refusal.c_str());
}

QTEST_GUILESS_MAIN(TestDeterministicComparison)
#include "tst_deterministic_comparison.moc"

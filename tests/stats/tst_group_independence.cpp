#include "GroupsLiterals.h"
#include "stats/groups/ChiSquaredTest.h"
#include "stats/groups/FisherExactTest.h"
#include "stats/groups/IndependenceTest.h"

#include <QTest>
#include <cmath>

using namespace pb::groups;

namespace {

ContingencyTable tableOf(const QString& text)
{
    auto counts = pb::test::countRows(text);
    const std::size_t columns = counts.empty() ? 0 : counts.front().size();
    auto rowLabels = pb::test::labels("g", counts.size());
    return ContingencyTable(std::move(rowLabels), pb::test::labels("d", columns),
                            std::move(counts));
}

} // namespace

class TestGroupIndependence : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void chiSquaredMatchesPublished_data();
    void chiSquaredMatchesPublished();
    void chiSquaredDropsEmptyDecisions();
    void fisherMatchesPublished_data();
    void fisherMatchesPublished();
    void fisherFallsBackToMonteCarloPastTheBound();
    void freemanHaltonEnumeratesJobExactly();
    void fisherMonteCarloIsSeeded();
    void choosesTheTestByExpectedCounts_data();
    void choosesTheTestByExpectedCounts();
    void oneDecisionOnlyIsNoTest();
};

void TestGroupIndependence::chiSquaredMatchesPublished_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<double>("statistic");
    QTest::addColumn<int>("df");
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("tolerance");
    // scipy.stats.chi2_contingency docstring: chi2 = 2.7777777777777777, dof 2,
    // p = 0.24935220877729619. With df = 2 the tail is exp(-x/2) = exp(-25/18) exactly.
    QTest::addRow("scipy-docstring")
        << "10,10,20;20,20,20" << 25.0 / 9.0 << 2 << std::exp(-25.0 / 18.0) << 1e-12;
    QTest::addRow("scipy-docstring-printed")
        << "10,10,20;20,20,20" << 2.7778 << 2 << 0.24935 << 5e-5;
}

void TestGroupIndependence::chiSquaredMatchesPublished()
{
    QFETCH(QString, table);
    QFETCH(double, statistic);
    QFETCH(int, df);
    QFETCH(double, p);
    QFETCH(double, tolerance);
    const ChiSquaredResult result = ChiSquaredTest::run(tableOf(table));
    QVERIFY2(std::fabs(result.statistic - statistic) < tolerance * 10,
             qPrintable(QString::number(result.statistic, 'g', 17)));
    QCOMPARE(result.df, df);
    QVERIFY2(std::fabs(result.p - p) < tolerance, qPrintable(QString::number(result.p, 'g', 17)));
    QCOMPARE(result.n, 100LL);
    // Cramer's V = sqrt(X^2 / (n (min(r, c) - 1))) = sqrt(2.7778 / 100).
    QVERIFY(std::fabs(result.cramersV - std::sqrt(25.0 / 900.0)) < 1e-4);
}

void TestGroupIndependence::chiSquaredDropsEmptyDecisions()
{
    // A decision nobody got adds a zero column: same test as without it, and a note.
    const ChiSquaredResult with = ChiSquaredTest::run(tableOf("10,0,10,20;20,0,20,20"));
    const ChiSquaredResult without = ChiSquaredTest::run(tableOf("10,10,20;20,20,20"));
    QCOMPARE(with.df, 2);
    QCOMPARE(with.statistic, without.statistic);
    QCOMPARE(with.p, without.p);
    QVERIFY(!with.note.empty());
    QVERIFY(without.note.empty());
}

void TestGroupIndependence::fisherMatchesPublished_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("tolerance");
    QTest::addColumn<int>("method");
    const int exact2x2 = static_cast<int>(FisherMethod::Exact2x2);
    // R's fisher.test, two-sided. The tea-tasting table: P(a) = C(4,a) C(4,4-a) / 70 for
    // a = 0..4 is 1, 16, 36, 16, 1 over 70; the tail <= P(3) is 34/70 = 17/35 = 0.4857.
    QTest::addRow("r-tea-tasting-exact") << "3,1;1,3" << 17.0 / 35.0 << 1e-14 << exact2x2;
    QTest::addRow("r-tea-tasting-printed") << "3,1;1,3" << 0.4857 << 5e-5 << exact2x2;
    // fisher.test(matrix(c(2,10,20,13), ncol=2, byrow=T)): p-value = 0.01655
    QTest::addRow("r-2-10-20-13") << "2,10;20,13" << 0.01655 << 5e-6 << exact2x2;
    // fisher.test(matrix(c(2,5,9,4), nrow=2)) (columns 2,5 and 9,4): p-value = 0.1597
    QTest::addRow("r-2-9-5-4") << "2,9;5,4" << 0.1597 << 5e-5 << exact2x2;
}

void TestGroupIndependence::fisherMatchesPublished()
{
    QFETCH(QString, table);
    QFETCH(double, p);
    QFETCH(double, tolerance);
    QFETCH(int, method);
    const FisherResult result = FisherExactTest::run(tableOf(table));
    QCOMPARE(static_cast<int>(result.method), method);
    QVERIFY(result.isExact());
    QVERIFY2(std::fabs(result.p - p) < tolerance, qPrintable(QString::number(result.p, 'g', 17)));
    QCOMPARE(result.standardError, 0.0);
}

void TestGroupIndependence::fisherFallsBackToMonteCarloPastTheBound()
{
    // R's fisher.test example "Job satisfaction" (Agresti 2002, p. 57), 4 x 4, n = 104:
    // fisher.test(Job) gives 0.7827. Its margins admit about 9e7 tables, beyond the default
    // bound, so the test estimates instead and must land within four standard errors.
    const ContingencyTable job = tableOf("1,3,10,6;2,3,10,7;1,6,14,12;0,1,9,11");
    FisherOptions options;
    options.monteCarloSamples = 20'000;
    const FisherResult result = FisherExactTest::run(job, options);
    QCOMPARE(result.method, FisherMethod::FreemanHaltonMonteCarlo);
    QVERIFY(!result.isExact());
    QCOMPARE(result.samples, 20'000LL);
    QVERIFY(result.standardError > 0.0);
    QVERIFY(result.note.find("more than") != std::string::npos);
    QVERIFY2(std::fabs(result.p - 0.7827) < 4 * result.standardError,
             qPrintable(QStringLiteral("p %1 se %2").arg(result.p).arg(result.standardError)));
}

void TestGroupIndependence::freemanHaltonEnumeratesJobExactly()
{
    // The same Job table with the bound raised: all 90,208,550 tables are visited (a count
    // an independent enumeration in Python agrees with) and p matches R's printed 0.7827.
    const ContingencyTable job = tableOf("1,3,10,6;2,3,10,7;1,6,14,12;0,1,9,11");
    FisherOptions options;
    options.maxTables = 100'000'000;
    const FisherResult result = FisherExactTest::run(job, options);
    QCOMPARE(result.method, FisherMethod::FreemanHaltonExact);
    QCOMPARE(result.tables, 90'208'550LL);
    QVERIFY2(std::fabs(result.p - 0.7827) < 5e-5, qPrintable(QString::number(result.p, 'g', 17)));
}

void TestGroupIndependence::fisherMonteCarloIsSeeded()
{
    const ContingencyTable table = tableOf("3,1,0;1,3,2;0,2,4");
    FisherOptions options;
    options.monteCarloSamples = 5'000;
    const FisherResult first = FisherExactTest::monteCarlo(table, options);
    const FisherResult again = FisherExactTest::monteCarlo(table, options);
    QCOMPARE(first.hits, again.hits);
    QCOMPARE(first.p, double(first.hits + 1) / double(first.samples + 1));
    // And the estimate agrees with the exact Freeman-Halton p of the same table.
    const FisherResult exact = FisherExactTest::run(table);
    QCOMPARE(exact.method, FisherMethod::FreemanHaltonExact);
    QVERIFY(std::fabs(first.p - exact.p) < 4 * first.standardError);
}

void TestGroupIndependence::choosesTheTestByExpectedCounts_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("testName");
    QTest::addRow("large-counts") << "10,10,20;20,20,20"
                                  << "chi-squared";
    QTest::addRow("small-2x2") << "3,1;1,3"
                               << "fisher-exact";
    QTest::addRow("small-3x3") << "3,1,0;1,3,2;0,2,4"
                               << "freeman-halton-exact";
}

void TestGroupIndependence::choosesTheTestByExpectedCounts()
{
    QFETCH(QString, table);
    QFETCH(QString, testName);
    const IndependenceResult result = IndependenceTest::run(tableOf(table));
    QCOMPARE(QString::fromStdString(result.testName()), testName);
    QVERIFY(!result.reason.empty());
    if (result.method == IndependenceMethod::Fisher) {
        QVERIFY(result.fisher.has_value());
        QCOMPARE(result.p, result.fisher->p);
    } else {
        QCOMPARE(result.p, result.chiSquared.p);
    }
}

void TestGroupIndependence::oneDecisionOnlyIsNoTest()
{
    const IndependenceResult result = IndependenceTest::run(tableOf("5,0;7,0"));
    QCOMPARE(result.method, IndependenceMethod::None);
    QVERIFY(std::isnan(result.p));
    QVERIFY(!result.reason.empty());
}

QTEST_GUILESS_MAIN(TestGroupIndependence)
#include "tst_group_independence.moc"

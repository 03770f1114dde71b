#include "GroupsLiterals.h"
#include "stats/groups/NamePermutationTest.h"
#include "stats/groups/OneWayAnova.h"

#include <QTest>
#include <cmath>

using namespace pb::groups;

class TestNamePermutationTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exactByHand_data();
    void exactByHand();
    void countsDistinctAssignments_data();
    void countsDistinctAssignments();
    void monteCarloPastTheBound();
    void tooFewNamesIsNoTest();
};

void TestNamePermutationTest::exactByHand_data()
{
    QTest::addColumn<QString>("nameMeans");
    QTest::addColumn<long long>("atLeast");
    QTest::addColumn<long long>("assignments");
    QTest::addColumn<double>("observed");
    // {1,2} vs {3,4}: 6 ways to pick two names for the first group. Between-group SS:
    // {1,2}|{3,4} and {3,4}|{1,2} give 4, {1,3}|{2,4} and {2,4}|{1,3} give 1, the two
    // {1,4}|{2,3} splits give 0. Observed 4: p = 2/6.
    QTest::addRow("two-by-two") << "1,2;3,4" << 2LL << 6LL << 4.0;
    // {1,2,3} vs {10,11,12}: only the observed split and its mirror reach SS 121.5 out of
    // C(6,3) = 20: p = 2/20.
    QTest::addRow("three-by-three") << "1,2,3;10,11,12" << 2LL << 20LL << 121.5;
    // Unequal sizes {5} vs {1,2,3}: 4 splits; the observed one (5 alone) is the most extreme.
    // SS with x alone: (4/3)(x - 2.75)^2 -> 5: 6.75, 3: 0.083, 2: 0.75, 1: 4.083. p = 1/4.
    QTest::addRow("one-versus-three") << "5;1,2,3" << 1LL << 4LL << 6.75;
    // Three groups with equal means: the observed SS is 0, so all 6! / (2! 2! 2!) = 90
    // assignments count and p = 1.
    QTest::addRow("three-groups-null") << "1,3;1,3;1,3" << 90LL << 90LL << 0.0;
    // Names' means that are all equal: all ties, p = 1.
    QTest::addRow("all-equal") << "2,2;2,2" << 6LL << 6LL << 0.0;
}

void TestNamePermutationTest::exactByHand()
{
    QFETCH(QString, nameMeans);
    QFETCH(long long, atLeast);
    QFETCH(long long, assignments);
    QFETCH(double, observed);
    const NamePermutationResult result = NamePermutationTest::run(pb::test::doubleRows(nameMeans));
    QCOMPARE(result.method, NamePermutationMethod::Exact);
    QCOMPARE(result.assignments, assignments);
    QCOMPARE(result.atLeast, atLeast);
    QCOMPARE(result.p, double(atLeast) / double(assignments));
    QVERIFY2(std::fabs(result.observed - observed) < 1e-12,
             qPrintable(QString::number(result.observed, 'g', 17)));
    QCOMPARE(result.standardError, 0.0);
}

void TestNamePermutationTest::countsDistinctAssignments_data()
{
    QTest::addColumn<QList<int>>("sizes");
    QTest::addColumn<long long>("limit");
    QTest::addColumn<long long>("expected");
    QTest::addRow("c-6-3") << QList<int>{3, 3} << 1000LL << 20LL;
    QTest::addRow("multinomial-2-2-2") << QList<int>{2, 2, 2} << 1000LL << 90LL;
    QTest::addRow("4x8-over-bound") << QList<int>{8, 8, 8, 8} << 200'000LL << -1LL;
    QTest::addRow("c-20-10") << QList<int>{10, 10} << 200'000LL << 184'756LL;
    QTest::addRow("c-20-10-just-over") << QList<int>{10, 10} << 184'755LL << -1LL;
}

void TestNamePermutationTest::countsDistinctAssignments()
{
    QFETCH(QList<int>, sizes);
    QFETCH(long long, limit);
    QFETCH(long long, expected);
    const std::vector<int> groupSizes(sizes.begin(), sizes.end());
    QCOMPARE(NamePermutationTest::distinctAssignments(groupSizes, limit), expected);
}

void TestNamePermutationTest::monteCarloPastTheBound()
{
    // 3 groups x 8 names: 24! / (8!)^3 = 9.4e9 assignments, beyond the bound. A clear shift
    // in the third group gives a small p; the estimate must respect (hits + 1) / (N + 1).
    std::vector<std::vector<double>> means(3);
    for (int i = 0; i < 8; ++i) {
        means[0].push_back(50.0 + (i % 4));
        means[1].push_back(50.5 + (i % 4));
        means[2].push_back(56.0 + (i % 4));
    }
    NamePermutationOptions options;
    options.monteCarloSamples = 4'000;
    const NamePermutationResult result = NamePermutationTest::run(means, options);
    QCOMPARE(result.method, NamePermutationMethod::MonteCarlo);
    QCOMPARE(result.samples, 4'000LL);
    QCOMPARE(result.p, double(result.atLeast + 1) / 4'001.0);
    QVERIFY(result.p < 0.01);
    QVERIFY(result.standardError > 0.0);
    QVERIFY(!result.note.empty());
    // Seeded: the same seed gives the same count, another seed (almost surely) another draw.
    QCOMPARE(NamePermutationTest::run(means, options).atLeast, result.atLeast);
    // With no shift the p is not small, and the ANOVA on the same name means agrees in kind.
    std::vector<std::vector<double>> null = {means[0], means[0], means[0]};
    const NamePermutationResult flat = NamePermutationTest::run(null, options);
    QCOMPARE(flat.p, 1.0); // every shuffle ties the observed SS of 0
    const AnovaResult anova = OneWayAnova::run(means);
    QVERIFY(anova.p < 0.01);
}

void TestNamePermutationTest::tooFewNamesIsNoTest()
{
    const NamePermutationResult oneGroup = NamePermutationTest::run(pb::test::doubleRows("1,2,3"));
    QCOMPARE(oneGroup.method, NamePermutationMethod::None);
    QVERIFY(std::isnan(oneGroup.p));
    const NamePermutationResult twoNames = NamePermutationTest::run(pb::test::doubleRows("1;2"));
    QCOMPARE(twoNames.method, NamePermutationMethod::None);
}

QTEST_GUILESS_MAIN(TestNamePermutationTest)
#include "tst_name_permutation_test.moc"

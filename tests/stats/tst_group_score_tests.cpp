#include "GroupsLiterals.h"
#include "stats/groups/KruskalWallis.h"
#include "stats/groups/OneWayAnova.h"

#include <QTest>
#include <cmath>

using namespace pb::groups;

namespace {

// scipy.stats.f_oneway docstring: shell measurements of the mussel Mytilus trossulus from
// Tillamook, Newport, Petersburg, Magadan and Tvarminne (McDonald et al. 1991, via the
// Handbook of Biological Statistics).
const char* const kMussels =
    "0.0571,0.0813,0.0831,0.0976,0.0817,0.0859,0.0735,0.0659,0.0923,0.0836;"
    "0.0873,0.0662,0.0672,0.0819,0.0749,0.0649,0.0835,0.0725;"
    "0.0974,0.1352,0.0817,0.1016,0.0968,0.1064,0.105;"
    "0.1033,0.0915,0.0781,0.0685,0.0677,0.0697,0.0764,0.0689;"
    "0.0703,0.1026,0.0956,0.0973,0.1039,0.1045";

bool near(double actual, double expected, double tolerance)
{
    return std::fabs(actual - expected) <= tolerance;
}

} // namespace

class TestGroupScoreTests : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void anovaMatchesPublished();
    void anovaEdgeCases_data();
    void anovaEdgeCases();
    void kruskalMatchesPublished_data();
    void kruskalMatchesPublished();
    void kruskalEdgeCases();
};

void TestGroupScoreTests::anovaMatchesPublished()
{
    const AnovaResult result =
        OneWayAnova::run(pb::test::doubleRows(QString::fromLatin1(kMussels)));
    // scipy prints F_onewayResult(statistic=7.1210..., pvalue=0.000281...); McDonald's
    // handbook gives F = 7.12, P = 2.8 x 10^-4 with 4 and 34 degrees of freedom.
    QVERIFY2(near(result.f, 7.1210, 5e-5), qPrintable(QString::number(result.f, 'g', 17)));
    QVERIFY2(near(result.p, 0.000281, 5e-7), qPrintable(QString::number(result.p, 'g', 17)));
    QCOMPARE(result.dfBetween, 4);
    QCOMPARE(result.dfWithin, 34);
    QCOMPARE(result.groups, 5);
    QCOMPARE(result.n, 39);
    // eta^2 and F describe the same split of the sums of squares.
    const double eta = result.etaSquared;
    const double fromEta = (eta / 4.0) / ((1.0 - eta) / 34.0);
    QVERIFY(near(fromEta, result.f, 1e-9));
    QVERIFY(eta > 0.4 && eta < 0.5); // 0.4559 for these shells
}

void TestGroupScoreTests::anovaEdgeCases_data()
{
    QTest::addColumn<QString>("groups");
    QTest::addColumn<bool>("pIsNan");
    QTest::addColumn<double>("p");
    QTest::addRow("one-group") << "1,2,3" << true << 0.0;
    QTest::addRow("singletons") << "1;2" << true << 0.0;
    QTest::addRow("constant-different") << "1,1;2,2" << false << 0.0;
    QTest::addRow("constant-same") << "1,1;1,1" << true << 0.0;
    QTest::addRow("empty-group-dropped") << "1,2;;2,3" << false << -1.0;
}

void TestGroupScoreTests::anovaEdgeCases()
{
    QFETCH(QString, groups);
    QFETCH(bool, pIsNan);
    QFETCH(double, p);
    const AnovaResult result = OneWayAnova::run(pb::test::doubleRows(groups));
    QCOMPARE(std::isnan(result.p), pIsNan);
    if (!pIsNan && p >= 0.0)
        QCOMPARE(result.p, p);
    if (p < 0.0 && !pIsNan) {
        // Same as the two non-empty groups alone.
        const AnovaResult alone = OneWayAnova::run(pb::test::doubleRows("1,2;2,3"));
        QCOMPARE(result.f, alone.f);
        QCOMPARE(result.groups, 2);
        QVERIFY(!result.note.empty());
    }
}

void TestGroupScoreTests::kruskalMatchesPublished_data()
{
    QTest::addColumn<QString>("groups");
    QTest::addColumn<double>("h");
    QTest::addColumn<double>("p");
    QTest::addColumn<int>("df");
    // scipy.stats.kruskal docstring examples.
    QTest::addRow("scipy-no-ties")
        << "1,3,5,7,9;2,4,6,8,10" << 0.2727272727272734 << 0.6015081344405895 << 1;
    QTest::addRow("scipy-ties") << "1,1,1;2,2,2;2,2" << 7.0 << 0.0301973834223185 << 2;
    // scipy.stats.mstats.kruskal docstring (battery life, ties at 6.1 and 6.9).
    QTest::addRow("scipy-mstats-batteries") << "6.3,5.4,5.7,5.2,5.0;6.9,7.0,6.1,7.9;7.2,6.9,6.1,6.5"
                                            << 7.113812154696133 << 0.028526948491942164 << 2;
}

void TestGroupScoreTests::kruskalMatchesPublished()
{
    QFETCH(QString, groups);
    QFETCH(double, h);
    QFETCH(double, p);
    QFETCH(int, df);
    const KruskalWallisResult result = KruskalWallis::run(pb::test::doubleRows(groups));
    QVERIFY2(near(result.h, h, 1e-12 * std::max(1.0, h)),
             qPrintable(QString::number(result.h, 'g', 17)));
    QVERIFY2(near(result.p, p, 1e-12), qPrintable(QString::number(result.p, 'g', 17)));
    QCOMPARE(result.df, df);
    QVERIFY(near(result.epsilonSquared, result.h / (result.n - 1), 1e-15));
    QVERIFY(near(result.etaSquaredH,
                 (result.h - result.groups + 1) / double(result.n - result.groups), 1e-15));
}

void TestGroupScoreTests::kruskalEdgeCases()
{
    const KruskalWallisResult allEqual = KruskalWallis::run(pb::test::doubleRows("2,2;2,2,2"));
    QVERIFY(std::isnan(allEqual.p));
    const KruskalWallisResult oneGroup = KruskalWallis::run(pb::test::doubleRows("1,2,3"));
    QVERIFY(std::isnan(oneGroup.p));
    // The tie example's correction: ties of 3 and 5 among 8 -> 1 - (24 + 120) / 504.
    const KruskalWallisResult ties = KruskalWallis::run(pb::test::doubleRows("1,1,1;2,2,2;2,2"));
    QVERIFY(near(ties.tieCorrection, 1.0 - 144.0 / 504.0, 1e-15));
}

QTEST_GUILESS_MAIN(TestGroupScoreTests)
#include "tst_group_score_tests.moc"

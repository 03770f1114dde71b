#include "ExactDouble.h"
#include "TutorialRuns.h"
#include "stats/ExactMoments.h"
#include "stats/PerItemTable.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

using namespace pb;

namespace {

const QString kA = QStringLiteral("formal");
const QString kB = QStringLiteral("casual");

Observation obs(const char* item, const QString& variant, std::optional<double> value)
{
    return {QString::fromLatin1(item), variant, value};
}

} // namespace

class TestPerItemTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reproducesTutorialGaps_data();
    void reproducesTutorialGaps();
    void failedCallsAreExcludedAndCounted();
    void itemMissingOneSideIsNotComparable();
    void itemOrderIsKept();
    void otherVariantsAreIgnored();
    void standardDeviationsMatchPython();
    void gridNeedsIntegersAndEqualRuns_data();
    void gridNeedsIntegersAndEqualRuns();
    void swappedVariantsNegateGaps();
    void observationOrderDoesNotMatter();
    void zeroGapIsDecidedOnTheWrittenValues_data();
    void zeroGapIsDecidedOnTheWrittenValues();
};

void TestPerItemTable::reproducesTutorialGaps_data()
{
    addTutorialRunRows();
}

void TestPerItemTable::reproducesTutorialGaps()
{
    QFETCH(int, runsPerCell);
    QFETCH(QList<qint64>, sumsA);
    QFETCH(QList<qint64>, sumsB);
    QFETCH(QList<double>, gaps);
    QFETCH(double, meanGap);

    const PerItemTable table = PerItemTable::build(observationsFromSums(runsPerCell, sumsA, sumsB),
                                                   QStringLiteral("A"), QStringLiteral("B"));
    QCOMPARE(table.rows().size(), gaps.size());
    QCOMPARE(table.comparableCount(), gaps.size());
    const QList<double> actual = table.gaps();
    for (qsizetype i = 0; i < gaps.size(); ++i) {
        QCOMPARE(table.rows()[i].itemId, QString::number(i));
        QCOMPARE(table.rows()[i].runsA, runsPerCell);
        QCOMPARE(table.rows()[i].runsB, runsPerCell);
        PB_COMPARE_EXACT(actual[i], gaps[i]);
    }
    PB_COMPARE_EXACT(table.averageGap(), meanGap);

    const std::optional<GapGrid> grid = table.gapGrid();
    QVERIFY(grid.has_value());
    QCOMPARE(grid->runsPerCell, qint64(runsPerCell));
    PB_COMPARE_EXACT(*table.gridUnit(), 1.0 / runsPerCell);
    for (qsizetype i = 0; i < gaps.size(); ++i)
        QCOMPARE(grid->numerators[i], sumsA[i] - sumsB[i]);
}

void TestPerItemTable::failedCallsAreExcludedAndCounted()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const QList<Observation> observations{
        obs("q1", kA, 4.0),          obs("q1", kA, std::nullopt), obs("q1", kA, 6.0),
        obs("q1", kB, 3.0),          obs("q1", kB, nan),          obs("q1", kB, std::nullopt),
        obs("q1", kB, std::nullopt), obs("q1", kB, 2.0),
    };
    const PerItemTable table = PerItemTable::build(observations, kA, kB);
    QCOMPARE(table.rows().size(), 1);
    const PerItemRow& row = table.rows().first();
    QCOMPARE(row.runsA, 2);
    QCOMPARE(row.failedA, 1);
    QCOMPARE(row.runsB, 2);
    QCOMPARE(row.failedB, 3); // two empty values and one NaN
    PB_COMPARE_EXACT(row.meanA, 5.0);
    PB_COMPARE_EXACT(row.meanB, 2.5);
    PB_COMPARE_EXACT(row.gap, 2.5);
    QVERIFY(row.comparable);
    QVERIFY(row.reason.isEmpty());
    // Failures leave two used runs on each side, so the gaps still lie on the grid 1/2.
    QVERIFY(table.gapGrid().has_value()); // 2 and 2 used runs: still equal
    QCOMPARE(table.gapGrid()->numerators, QList<qint64>{5});
}

void TestPerItemTable::itemMissingOneSideIsNotComparable()
{
    const QList<Observation> observations{
        obs("q1", kA, 4.0),          obs("q1", kB, 3.0),
        obs("q2", kA, 5.0),          obs("q2", kB, std::nullopt), // every B call failed
        obs("q3", kA, std::nullopt), obs("q3", kB, std::nullopt),
        obs("q4", kA, 1.0),          obs("q4", kB, 3.0),
    };
    const PerItemTable table = PerItemTable::build(observations, kA, kB);
    QCOMPARE(table.rows().size(), 4);
    QCOMPARE(table.comparableCount(), 2);
    QCOMPARE(table.comparableItemIds(), (QStringList{QStringLiteral("q1"), QStringLiteral("q4")}));
    QCOMPARE(table.gaps(), (QList<double>{1.0, -2.0}));
    PB_COMPARE_EXACT(table.averageGap(), -0.5);

    const PerItemRow& q2 = table.rows()[1];
    QVERIFY(!q2.comparable);
    QVERIFY(std::isnan(q2.gap));
    QCOMPARE(q2.failedB, 1);
    QVERIFY2(q2.reason.contains(kB), qPrintable(q2.reason));
    QVERIFY(!q2.reason.contains(kA));
    const PerItemRow& q3 = table.rows()[2];
    QVERIFY(!q3.comparable);
    QVERIFY(q3.reason.contains(kA) && q3.reason.contains(kB));
    // Not-comparable items do not break the grid of the comparable ones.
    QVERIFY(table.gapGrid().has_value());
    QCOMPARE(table.gapGrid()->numerators, (QList<qint64>{1, -2}));
}

void TestPerItemTable::itemOrderIsKept()
{
    const QList<Observation> observations{
        obs("zeta", kA, 1.0),  obs("zeta", kB, 0.0),  obs("alpha", kA, 2.0), obs("alpha", kB, 0.0),
        obs("extra", kA, 3.0), obs("extra", kB, 0.0), obs("mid", kB, 0.0),   obs("mid", kA, 4.0),
    };
    // Without an order: first appearance.
    PerItemTable table = PerItemTable::build(observations, kA, kB);
    QStringList ids;
    for (const PerItemRow& row : table.rows())
        ids.append(row.itemId);
    QCOMPARE(ids, (QStringList{"zeta", "alpha", "extra", "mid"}));

    // With an order: that order, unknown items after it, listed-but-silent items kept.
    table = PerItemTable::build(observations, kA, kB, {"mid", "never-ran", "alpha", "zeta"});
    ids.clear();
    for (const PerItemRow& row : table.rows())
        ids.append(row.itemId);
    QCOMPARE(ids, (QStringList{"mid", "never-ran", "alpha", "zeta", "extra"}));
    QCOMPARE(table.gaps(), (QList<double>{4.0, 2.0, 1.0, 3.0}));
    QVERIFY(!table.rows()[1].comparable);
    QCOMPARE(table.rows()[1].runsA, 0);
}

void TestPerItemTable::otherVariantsAreIgnored()
{
    const QList<Observation> observations{
        obs("q1", kA, 4.0),
        obs("q1", kB, 3.0),
        obs("q1", QStringLiteral("formal again"), 100.0),
        obs("q2", QStringLiteral("formal again"), 7.0),
    };
    const PerItemTable table = PerItemTable::build(observations, kA, kB);
    QCOMPARE(table.rows().size(), 1);
    QCOMPARE(table.rows()[0].runsA + table.rows()[0].runsB, 2);
    QCOMPARE(table.rows()[0].failedA + table.rows()[0].failedB, 0);

    // The noise check is the same table with the noise label as B.
    const PerItemTable noise =
        PerItemTable::build(observations, kA, QStringLiteral("formal again"));
    QCOMPARE(noise.comparableCount(), 1);
    QCOMPARE(noise.gaps(), QList<double>{-96.0});
}

void TestPerItemTable::standardDeviationsMatchPython()
{
    // python3: statistics.stdev / mean of A = [3, 4, 4, 5, 3], B = [2, 6, 1, 4, 3], and of
    // A = [0.1, 0.2, 0.3], B = [0.7, 0.25]; gap = mean(A) - mean(B).
    QList<Observation> observations;
    for (double v : {3.0, 4.0, 4.0, 5.0, 3.0})
        observations.append(obs("ints", kA, v));
    for (double v : {2.0, 6.0, 1.0, 4.0, 3.0})
        observations.append(obs("ints", kB, v));
    for (double v : {0.1, 0.2, 0.3})
        observations.append(obs("tenths", kA, v));
    for (double v : {0.7, 0.25})
        observations.append(obs("tenths", kB, v));
    observations.append(obs("single", kA, 1.0));
    observations.append(obs("single", kB, 2.0));
    const PerItemTable table = PerItemTable::build(observations, kA, kB);

    const PerItemRow& ints = table.rows()[0];
    PB_COMPARE_EXACT(ints.sdA, 0x1.ac5eb3f7ab2f8p-1);
    PB_COMPARE_EXACT(ints.sdB, 0x1.ec6d0353167a9p+0);
    PB_COMPARE_EXACT(ints.meanA, 0x1.e666666666666p+1);
    PB_COMPARE_EXACT(ints.meanB, 0x1.999999999999ap+1);
    PB_COMPARE_EXACT(ints.gap, 0x1.3333333333330p-1);
    const PerItemRow& tenths = table.rows()[1];
    PB_COMPARE_EXACT(tenths.sdA, 0x1.9999999999999p-4);
    PB_COMPARE_EXACT(tenths.sdB, 0x1.45d5b5c3f4f6bp-2);
    PB_COMPARE_EXACT(tenths.meanA, 0x1.999999999999ap-3);
    PB_COMPARE_EXACT(tenths.meanB, 0x1.e666666666666p-2);
    PB_COMPARE_EXACT(tenths.gap, -0x1.1999999999999p-2);
    const PerItemRow& single = table.rows()[2];
    QVERIFY(std::isnan(single.sdA) && std::isnan(single.sdB)); // one run: no sample SD
    QVERIFY(!table.gapGrid().has_value());                     // 0.1 is not an integer, runs differ
}

void TestPerItemTable::gridNeedsIntegersAndEqualRuns_data()
{
    QTest::addColumn<QList<Observation>>("observations");
    QTest::addColumn<bool>("hasGrid");
    QTest::addColumn<qint64>("runsPerCell");

    QTest::addRow("equal runs, integers")
        << QList<Observation>{obs("a", kA, 1), obs("a", kA, 2), obs("a", kB, 0), obs("a", kB, 0),
                              obs("b", kA, 5), obs("b", kA, 5), obs("b", kB, 7), obs("b", kB, 6)}
        << true << qint64(2);
    QTest::addRow("a failed call leaves one cell short")
        << QList<Observation>{obs("a", kA, 1), obs("a", kA, 2),
                              obs("a", kB, 0), obs("a", kB, std::nullopt),
                              obs("b", kA, 5), obs("b", kA, 5),
                              obs("b", kB, 7), obs("b", kB, 6)}
        << false << qint64(0);
    QTest::addRow("cells differ between items")
        << QList<Observation>{obs("a", kA, 1), obs("a", kB, 0), obs("b", kA, 5),
                              obs("b", kA, 5), obs("b", kB, 7), obs("b", kB, 6)}
        << false << qint64(0);
    QTest::addRow("a value is not an integer")
        << QList<Observation>{obs("a", kA, 1), obs("a", kB, 0.5)} << false << qint64(0);
    QTest::addRow("no comparable item")
        << QList<Observation>{obs("a", kA, 1), obs("b", kB, 2)} << false << qint64(0);
}

void TestPerItemTable::gridNeedsIntegersAndEqualRuns()
{
    QFETCH(QList<Observation>, observations);
    QFETCH(bool, hasGrid);
    QFETCH(qint64, runsPerCell);
    const PerItemTable table = PerItemTable::build(observations, kA, kB);
    QCOMPARE(table.gapGrid().has_value(), hasGrid);
    QCOMPARE(table.gridUnit().has_value(), hasGrid);
    if (hasGrid) {
        QCOMPARE(table.gapGrid()->runsPerCell, runsPerCell);
        PB_COMPARE_EXACT(*table.gridUnit(), 1.0 / static_cast<double>(runsPerCell));
        QCOMPARE(table.gapGrid()->numerators, (QList<qint64>{3, -3}));
    }
}

void TestPerItemTable::swappedVariantsNegateGaps()
{
    std::mt19937_64 generator(3);
    std::uniform_int_distribution<int> steps(1, 9);
    QList<Observation> observations;
    for (int item = 0; item < 12; ++item) {
        for (int run = 0; run < 7; ++run) {
            observations.append({QString::number(item), kA, double(steps(generator))});
            observations.append({QString::number(item), kB, double(steps(generator)) / 3.0});
        }
    }
    const PerItemTable forward = PerItemTable::build(observations, kA, kB);
    const PerItemTable backward = PerItemTable::build(observations, kB, kA);
    const QList<double> gaps = forward.gaps();
    const QList<double> swapped = backward.gaps();
    QCOMPARE(swapped.size(), gaps.size());
    for (qsizetype i = 0; i < gaps.size(); ++i)
        PB_COMPARE_EXACT(swapped[i], -gaps[i]);
    PB_COMPARE_EXACT(backward.averageGap(), -forward.averageGap());
}

void TestPerItemTable::observationOrderDoesNotMatter()
{
    std::mt19937_64 generator(8);
    std::uniform_real_distribution<double> value(0.0, 10.0);
    QList<Observation> observations;
    QStringList order;
    for (int item = 0; item < 10; ++item) {
        order.append(QStringLiteral("item-%1").arg(item));
        for (int run = 0; run < 5; ++run) {
            observations.append({order.last(), kA, value(generator)});
            observations.append({order.last(), kB, value(generator)});
        }
    }
    const PerItemTable reference = PerItemTable::build(observations, kA, kB, order);
    for (int round = 0; round < 5; ++round) {
        std::shuffle(observations.begin(), observations.end(), generator);
        const PerItemTable shuffled = PerItemTable::build(observations, kA, kB, order);
        QCOMPARE(shuffled.rows().size(), reference.rows().size());
        for (qsizetype i = 0; i < reference.rows().size(); ++i) {
            QCOMPARE(shuffled.rows()[i].itemId, reference.rows()[i].itemId);
            // Exact means do not depend on the order the runs arrived in.
            PB_COMPARE_EXACT(shuffled.rows()[i].meanA, reference.rows()[i].meanA);
            PB_COMPARE_EXACT(shuffled.rows()[i].meanB, reference.rows()[i].meanB);
            PB_COMPARE_EXACT(shuffled.rows()[i].sdA, reference.rows()[i].sdA);
            PB_COMPARE_EXACT(shuffled.rows()[i].gap, reference.rows()[i].gap);
        }
        PB_COMPARE_EXACT(shuffled.averageGap(), reference.averageGap());
    }
}

void TestPerItemTable::zeroGapIsDecidedOnTheWrittenValues_data()
{
    QTest::addColumn<QList<double>>("a");
    QTest::addColumn<QList<double>>("b");
    QTest::addColumn<int>("sign"); // of the exact gap between the decimals as written
    // mean(0.1, 0.7) rounds to 0.39999999999999997, one ulp below the double 0.4: the
    // doubles differ, the numbers the metric read do not.
    QTest::addRow("0.1 and 0.7 against 0.4") << QList<double>{0.1, 0.7} << QList<double>{0.4} << 0;
    QTest::addRow("0.4 against 0.1 and 0.7") << QList<double>{0.4} << QList<double>{0.1, 0.7} << 0;
    QTest::addRow("1.1 and 2.2 against 1.65")
        << QList<double>{1.1, 2.2} << QList<double>{1.65} << 0;
    QTest::addRow("0.3 three ways") << QList<double>{0.1, 0.2, 0.6} << QList<double>{0.3} << 0;
    QTest::addRow("unequal runs, equal means")
        << QList<double>{3.0, 4.0} << QList<double>{3.0, 4.0, 4.0, 3.0} << 0;
    QTest::addRow("one digit further down is a gap")
        << QList<double>{0.1, 0.7} << QList<double>{0.4000000000000001} << -1;
    QTest::addRow("an integer gap") << QList<double>{5.0, 4.0} << QList<double>{3.0} << 1;
    QTest::addRow("large and small")
        << QList<double>{1e300, -1e300} << QList<double>{1e-300, -1e-300} << 0;
}

void TestPerItemTable::zeroGapIsDecidedOnTheWrittenValues()
{
    QFETCH(QList<double>, a);
    QFETCH(QList<double>, b);
    QFETCH(int, sign);
    QList<Observation> observations;
    for (double value : a)
        observations << obs("1", kA, value);
    for (double value : b)
        observations << obs("1", kB, value);
    const PerItemTable table = PerItemTable::build(observations, kA, kB);
    QCOMPARE(table.comparableCount(), 1);
    const double gap = table.gaps().constFirst();
    QCOMPARE((gap > 0) - (gap < 0), sign);
    if (sign == 0)
        QVERIFY2(!std::signbit(gap), "a zero gap is +0, so it never prints as -0.0");
}

QTEST_GUILESS_MAIN(TestPerItemTable)
#include "tst_per_item_table.moc"

// The power table of the tutorial's first exercise, against numbers printed by the Python
// reference (tutorial_part1.py's run_probe / per_item_table / sign_flip_p over
// range(first, first + n)).
#include "TestPaths.h"
#include "power/PowerTable.h"
#include "power/StandInExperiment.h"
#include "probe/ProbeReader.h"
#include "report/NumberText.h"

#include <QTest>

using namespace pb;

class TestPowerTable : public QObject
{
    Q_OBJECT

private:
    ProbeDocument m_probe;

private Q_SLOTS:
    void initTestCase()
    {
        const ProbeLoadResult loaded = ProbeReader::readFile(
            test::sourceDir() + QStringLiteral("/resources/examples/style-probe.probe.json"));
        QVERIFY2(loaded.ok(), qPrintable(loaded.errorText()));
        m_probe = *loaded.document;
    }

    void experimentReproducesTutorial_data()
    {
        QTest::addColumn<double>("plantedGap");
        QTest::addColumn<int>("seeds");
        QTest::addColumn<QString>("gap");
        QTest::addColumn<QString>("p");
        QTest::addRow("gap 1, 20 seeds") << 1.0 << 20 << "+0.70"
                                         << "0.016";
        QTest::addRow("gap 0, 20 seeds") << 0.0 << 20 << "-0.02"
                                         << "0.891";
        QTest::addRow("gap 1, 5 seeds") << 1.0 << 5 << "+0.65"
                                        << "0.109";
    }

    void experimentReproducesTutorial()
    {
        QFETCH(double, plantedGap);
        QFETCH(int, seeds);
        QFETCH(QString, gap);
        QFETCH(QString, p);
        StandInTrial trial;
        trial.plantedGap = plantedGap;
        trial.temperature = 0.8;
        trial.seeds = StandInExperiment::seedBlock(1, seeds);
        const ProbeAnalysis a = StandInExperiment::analyse(m_probe, trial);
        QCOMPARE(a.callsLogged, 8 * 3 * seeds);
        QCOMPARE(NumberText::signedFixed(a.probe.table.averageGap(), 2), gap);
        QCOMPARE(NumberText::pValue(a.probe.signFlip.p), p);
    }

    void sameVersusSame()
    {
        StandInTrial trial;
        trial.seeds = StandInExperiment::seedBlock(1, 20);
        const ProbeAnalysis a = StandInExperiment::analyse(m_probe, trial);
        QVERIFY(a.noise.has_value());
        QCOMPARE(NumberText::signedFixed(a.noise->table.averageGap(), 2), QStringLiteral("-0.18"));
        QCOMPARE(NumberText::pValue(a.noise->signFlip.p), QStringLiteral("0.172"));
    }

    void cellsMatchReference_data()
    {
        QTest::addColumn<double>("plantedGap");
        QTest::addColumn<int>("seeds");
        QTest::addColumn<qint64>("first");
        QTest::addColumn<QString>("p");
        // python3: sign_flip_p(gaps of per_item_table(run_probe(PAIRS, range(first, first+n),
        // planted_gap=g)))
        QTest::addRow("1.0 x 20 from 1") << 1.0 << 20 << qint64(1) << "0.016";
        QTest::addRow("1.0 x 5 from 1") << 1.0 << 5 << qint64(1) << "0.109";
        QTest::addRow("1.0 x 3 from 201") << 1.0 << 3 << qint64(201) << "0.719";
        QTest::addRow("1.0 x 10 from 201") << 1.0 << 10 << qint64(201) << "0.008";
        QTest::addRow("1.0 x 15 from 601") << 1.0 << 15 << qint64(601) << "0.023";
        QTest::addRow("0.5 x 5 from 201") << 0.5 << 5 << qint64(201) << "1.000";
        QTest::addRow("0.5 x 20 from 601") << 0.5 << 20 << qint64(601) << "0.078";
        QTest::addRow("0.5 x 30 from 401") << 0.5 << 30 << qint64(401) << "0.039";
    }

    void cellsMatchReference()
    {
        QFETCH(double, plantedGap);
        QFETCH(int, seeds);
        QFETCH(qint64, first);
        QFETCH(QString, p);
        const PowerCell cell = PowerTable::computeCell(m_probe, plantedGap, seeds, first, 0.8);
        QCOMPARE(NumberText::fixed(cell.p, 3), p);
        QCOMPARE(cell.seedsPerValue, seeds);
        QCOMPARE(cell.firstSeed, first);
    }

    void fullTable()
    {
        const PowerTable table = PowerTable::compute(m_probe);
        QVERIFY(table.complete());
        const PowerTableSpec& spec = table.spec();
        QCOMPARE(table.cells().size(),
                 spec.plantedGaps.size() * spec.seedCounts.size() * spec.blockStarts.size());
        QCOMPARE(NumberText::fixed(table.cell(1.0, 20, 1)->p, 3), QStringLiteral("0.016"));
        QCOMPARE(NumberText::fixed(table.cell(1.0, 5, 1)->p, 3), QStringLiteral("0.109"));
        // Reference: gap 1 with 15 seeds misses in block 1 (p = 0.055), detects in the others.
        QCOMPARE(table.detections(1.0, 15), 3);
        QCOMPARE(table.detections(1.0, 20), 4);
        QCOMPARE(table.fewestReliableSeeds(1.0), std::optional<int>(20));
        // Gap 0.5 with 30 seeds still misses in block 601 (p = 0.078).
        QCOMPARE(table.fewestReliableSeeds(0.5), std::optional<int>());
        QVERIFY(!table.cell(2.0, 20, 1).has_value());
    }

    void cancelStopsEarly()
    {
        int polls = 0;
        const PowerTable table = PowerTable::compute(m_probe, {}, [&] { return ++polls > 3; });
        QVERIFY(!table.complete());
        QCOMPARE(table.cells().size(), 3);
    }
};

QTEST_GUILESS_MAIN(TestPowerTable)
#include "tst_powertable.moc"

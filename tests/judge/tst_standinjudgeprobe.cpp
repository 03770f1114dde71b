#include "ExampleJudgeProbe.h"
#include "StoreReads.h"
#include "TestPaths.h"
#include "judge/JudgeAnalysis.h"
#include "judge/JudgeCallPlan.h"
#include "judge/JudgeCallRecord.h"
#include "judge/JudgeConsoleText.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeRun.h"
#include "judge/JudgeReplies.h"
#include "judge/JudgeReportBuilder.h"
#include "judge/JudgeRunIdentity.h"
#include "judge/JudgeSummaryJson.h"
#include "judge/StandInJudgeBackend.h"
#include "run/Runner.h"
#include "store/RunStore.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;

namespace {

// tutorial_part1.expected.txt, Part III (the printout of the padding loop on stand_in_judge).
const QString kTutorialTable =
    QStringLiteral("sample  words  criterion        before  after  delta\n"
                   "s01        89  claims_cited          3      3     +0\n"
                   "s01        89  directness            4      4     +0\n"
                   "s01        89  counterargument       4      4     +0\n"
                   "s02        45  claims_cited          1      1     +0\n"
                   "s02        45  directness            2      3     +1\n"
                   "s02        45  counterargument       2      2     +0\n"
                   "s03        40  claims_cited          1      1     +0\n"
                   "s03        40  directness            2      3     +1\n"
                   "s03        40  counterargument       1      1     +0\n");

} // namespace

class TestStandInJudgeProbe : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void reproducesTheTutorialTable();
    void scoresAgainstConstruction();
    void resumesWithoutCallingAgain();
    void comparesTwoJudgeConfigurations();

private:
    QTemporaryDir m_dir;
};

void TestStandInJudgeProbe::initTestCase()
{
    qRegisterMetaType<QList<pb::JudgedCall>>();
    QVERIFY(m_dir.isValid());
    QCOMPARE(test::exampleJudgeProbe().items.size(), 3);
}

void TestStandInJudgeProbe::reproducesTheTutorialTable()
{
    const JudgeProbeDocument doc = test::exampleJudgeProbe();
    RunStore store;
    QString error;
    QVERIFY2(store.open(m_dir.filePath(QStringLiteral("table.pbrun")), &error), qPrintable(error));
    int newCalls = 0;
    const QList<QList<JudgedCall>> calls = test::runJudges(doc, store, &newCalls);
    QCOMPARE(calls.size(), 1);
    // 3 items x (base + padded), then s02's two artifacts 4 more times each.
    QCOMPARE(calls.first().size(), 6 + 8);
    const JudgeAnalysis analysis = JudgeAnalysis::compute(doc, calls);
    const JudgeRunAnalysis& run = analysis.judges.first();
    QCOMPARE(run.scored, 14);
    QCOMPARE(run.effects.size(), 1);
    QCOMPARE(JudgeConsoleText::deltaTable(run.effects.first(), doc.rubric), kTutorialTable);
    // The CLI printout carries the same block, line for line.
    QVERIFY(JudgeConsoleText::render(doc, analysis).contains(kTutorialTable));
    QCOMPARE(JudgeConsoleText::flipLine(run.effects.first()),
             QStringLiteral("padding flipped 2 of 9 verdicts"));
}

void TestStandInJudgeProbe::scoresAgainstConstruction()
{
    const JudgeProbeDocument doc = test::exampleJudgeProbe();
    RunStore store;
    QString error;
    QVERIFY(store.open(m_dir.filePath(QStringLiteral("construction.pbrun")), &error));
    int newCalls = 0;
    const JudgeAnalysis analysis =
        JudgeAnalysis::compute(doc, test::runJudges(doc, store, &newCalls));
    const JudgeRunAnalysis& run = analysis.judges.first();
    // The padded paragraphs deserve their originals' levels; the length bonus costs the
    // stand-in s02's and s03's padded directness.
    QCOMPARE(JudgeConsoleText::constructionLine(run.construction),
             QStringLiteral("16 of 18 verdicts as built"));
    QCOMPARE(run.construction.group(QStringLiteral("base"))->asBuilt, 9);
    QCOMPARE(run.construction.group(QStringLiteral("padding"))->shortfall(), 2);
    QCOMPARE(run.construction.mainShortfallGroup(), QStringLiteral("padding"));
    QCOMPARE(run.construction.misses.size(), 2);
    for (const ConstructionMiss& m : run.construction.misses) {
        QCOMPARE(m.criterionId, QStringLiteral("directness"));
        QCOMPARE(m.deserved, 2);
        QCOMPARE(m.got, std::optional<int>(3));
    }
    const CriterionEffect& directness = run.effects.first().criteria.at(1);
    QCOMPARE(directness.flips, 2);
    QCOMPARE(directness.itemDeltas, (QList<double>{0.0, 1.0, 1.0}));
    // Exact over 2^3 sign patterns: only the all-plus and all-minus patterns of the two
    // nonzero deltas reach |mean| 2/3, times 2 for the zero: 4 of 8.
    QCOMPARE(directness.signFlip.p, 0.5);
    // Every quote the stand-in gives is verbatim.
    QCOMPARE(run.evidence.hallucinated, 0);
    QVERIFY(run.evidence.quotes > 0);
    QCOMPARE(run.evidence.exact, run.evidence.quotes);
    // Deterministic: no wobble over five repeats of s02.
    QVERIFY(run.stability.ran);
    QCOMPARE(run.stability.artifacts, 2);
    QCOMPARE(run.stability.cells.size(), 6);
    QVERIFY(run.stability.stable());

    const ReportDocument report = JudgeReportBuilder::build(doc, analysis, {});
    const QString md = report.toMarkdown();
    QVERIFY(md.contains(QStringLiteral("16 of 18 verdicts as built")));
    QVERIFY(md.contains(QStringLiteral("The shortfall is attributed to padding")));
    QVERIFY(md.contains(QStringLiteral("What a clean run does not show")));
    const QJsonObject summary = JudgeSummaryJson::build(doc, analysis);
    const QJsonObject construction = summary.value(QLatin1String("judges"))
                                         .toArray()
                                         .first()
                                         .toObject()
                                         .value(QLatin1String("construction"))
                                         .toObject();
    QCOMPARE(construction.value(QLatin1String("as_built")).toInt(), 16);
    QCOMPARE(construction.value(QLatin1String("ceiling")).toInt(), 18);
}

void TestStandInJudgeProbe::resumesWithoutCallingAgain()
{
    const JudgeProbeDocument doc = test::exampleJudgeProbe();
    RunStore store;
    QString error;
    QVERIFY(store.open(m_dir.filePath(QStringLiteral("resume.pbrun")), &error));
    int first = 0;
    int second = 0;
    const auto a = test::runJudges(doc, store, &first);
    const auto b = test::runJudges(doc, store, &second);
    QCOMPARE(first, 14);
    QCOMPARE(second, 0);
    QCOMPARE(b.first().size(), a.first().size());
    QCOMPARE(test::runs(store).size(), 1);
}

void TestStandInJudgeProbe::comparesTwoJudgeConfigurations()
{
    JudgeProbeDocument doc = test::exampleJudgeProbe();
    JudgeConfig without = doc.judges.first();
    without.name = QStringLiteral("no quotes");
    without.requireEvidence = false;
    doc.judges << without;
    RunStore store;
    QString error;
    QVERIFY(store.open(m_dir.filePath(QStringLiteral("compare.pbrun")), &error));
    int calls = 0;
    const JudgeAnalysis analysis = JudgeAnalysis::compute(doc, test::runJudges(doc, store, &calls));
    QCOMPARE(test::runs(store).size(), 2); // each configuration is its own run
    QVERIFY(analysis.comparesJudges());
    QCOMPARE(analysis.judges.at(1).evidence.quotes, 0);
    QCOMPARE(analysis.judges.at(1).construction.asBuilt, 16);
    const QString md = JudgeReportBuilder::build(doc, analysis, {}).toMarkdown();
    QVERIFY(md.contains(QStringLiteral("| Measure | stand-in judge | no quotes |")));
    QVERIFY(md.contains(QStringLiteral("| Verdicts as built | 16 of 18 | 16 of 18 |")));
}

QTEST_GUILESS_MAIN(TestStandInJudgeProbe)
#include "tst_standinjudgeprobe.moc"

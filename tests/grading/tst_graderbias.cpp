#include "StoreReads.h"
#include "TestPaths.h"
#include "grading/GraderBiasReport.h"
#include "grading/GradingRubric.h"
#include "grading/SubmissionFolder.h"
#include "judge/JudgeCallPlan.h"
#include "judge/JudgeCallRecord.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeRun.h"
#include "judge/JudgeProbeWriter.h"
#include "judge/JudgeReplies.h"
#include "judge/JudgeRunIdentity.h"
#include "judge/StandInJudgeBackend.h"
#include "run/Runner.h"
#include "store/RunStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

using namespace pb;
using Bias = GraderBiasProbe::Bias;

Q_DECLARE_METATYPE(pb::GraderBiasArm)

namespace {

QString examples()
{
    return test::sourceDir() + QStringLiteral("/resources/examples/");
}

Rubric rubric(const QString& name)
{
    QString error;
    return GradingRubric::readFile(examples() + name, &error).value_or(Rubric{});
}

QList<Submission> submissions()
{
    QString error;
    return SubmissionFolder::readFolderOrArchive(
               examples() + QStringLiteral("library-hours-submissions"), &error)
        .value_or(QList<Submission>{});
}

std::optional<JudgeProbeDocument> probe(Bias bias, const QString& rubricName,
                                        const QString& countermeasure = QStringLiteral("Be fair."))
{
    QString error;
    return GraderBiasProbe::document(rubric(rubricName), submissions(), JudgeConfig{},
                                     EvidencePolicy{}, bias, countermeasure, &error);
}

// Every judge of doc on the stand-in through the one Runner, then the pipeline's analysis.
JudgeAnalysis runAll(const JudgeProbeDocument& doc, RunStore& store)
{
    QList<QList<JudgedCall>> calls;
    for (const JudgeConfig& judge : doc.judges) {
        bool resumed = false;
        QString error;
        const qint64 runId =
            JudgeRunIdentity::identity(doc, judge).findOrCreateRun(store, &resumed, &error);
        if (runId == 0)
            return {};
        StandInJudgeBackend backend;
        JudgeReplies replies(doc, judge, runId);
        Runner runner(JudgeCallPlan::build(doc, judge), &replies, &store, runId, &backend,
                      JudgeProbeRun::wording());
        QSignalSpy finished(&runner, &Runner::finished);
        runner.start();
        if (finished.isEmpty() && !finished.wait(10000))
            return {};
        calls << JudgeCallRecord::fromLogged(doc, judge, test::calls(store, runId));
    }
    return JudgeAnalysis::compute(doc, calls);
}

GraderBiasArm arm(double delta, int flips, int comparisons = 44)
{
    GraderBiasArm a;
    a.delta = delta;
    a.flips = flips;
    a.comparisons = comparisons;
    a.pairs = comparisons > 0 ? 11 : 0;
    return a;
}

} // namespace

// A grading's submissions as a judge probe of matched pairs, and what the stand-in's planted
// length bonus makes of it.
class TestGraderBias : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void probeFromTheSubmissions_data();
    void probeFromTheSubmissions();
    void fewerThanFourPairsIsRefused();
    void probeFileReadsBackEqual();
    void measuresTheStandIn_data();
    void measuresTheStandIn();
    void residualRisk_data();
    void residualRisk();

private:
    QTemporaryDir m_dir;
};

void TestGraderBias::initTestCase()
{
    qRegisterMetaType<QList<pb::JudgedCall>>();
    QVERIFY(m_dir.isValid());
    QCOMPARE(submissions().size(), 12); // one of them empty
}

void TestGraderBias::probeFromTheSubmissions_data()
{
    QTest::addColumn<int>("bias");
    QTest::addColumn<int>("items");
    QTest::addColumn<int>("variantsPerItem");
    QTest::addColumn<bool>("pairwise");
    QTest::addRow("padding") << int(Bias::Padding) << 11 << 1 << false;
    QTest::addRow("byline") << int(Bias::Byline) << 11 << 2 << false;
    QTest::addRow("position") << int(Bias::Position) << 5 << 1 << true;
}

void TestGraderBias::probeFromTheSubmissions()
{
    QFETCH(int, bias);
    QFETCH(int, items);
    QFETCH(int, variantsPerItem);
    QFETCH(bool, pairwise);
    const auto doc = probe(Bias(bias), QStringLiteral("library-hours-case.rubric.json"));
    QVERIFY(doc);
    QCOMPARE(doc->items.size(), items);
    QCOMPARE(doc->properties(), QStringList{GraderBiasProbe::property(Bias(bias))});
    for (const JudgeItem& item : doc->items) {
        QCOMPARE(item.pairwise, pairwise);
        QCOMPARE(item.variants.size(), variantsPerItem);
        QVERIFY(!item.base.answer.isEmpty() || pairwise);
        QVERIFY(item.id != QStringLiteral("06_empty.txt")); // no call for an empty file
    }
    // The grader as graded, and the same grader with the countermeasure in its prompt.
    QCOMPARE(doc->judges.size(), 2);
    QCOMPARE(doc->judges.at(0).name, QLatin1String(GraderBiasProbe::kAsGraded));
    QCOMPARE(doc->judges.at(0).instructions, QString());
    QCOMPARE(doc->judges.at(1).name, QLatin1String(GraderBiasProbe::kCountered));
    QCOMPARE(doc->judges.at(1).instructions, QStringLiteral("Be fair."));
    JudgeConfig sameOtherwise = doc->judges.at(1);
    sameOtherwise.name = doc->judges.at(0).name;
    sameOtherwise.instructions = doc->judges.at(0).instructions;
    QCOMPARE(sameOtherwise, doc->judges.at(0));
    // What a stored measurement reports as its countermeasure, read back from the judges.
    QCOMPARE(GraderBiasProbe::countermeasureOf(*doc), QStringLiteral("Be fair."));
    JudgeConfig grader;
    grader.instructions = QStringLiteral("  Grade strictly.  ");
    QString error;
    const auto withOwn = GraderBiasProbe::document(
        rubric(QStringLiteral("library-hours-case.rubric.json")), submissions(), grader,
        EvidencePolicy{}, Bias(bias), QStringLiteral("Be fair."), &error);
    QVERIFY(withOwn);
    QCOMPARE(GraderBiasProbe::countermeasureOf(*withOwn), QStringLiteral("Be fair."));
}

void TestGraderBias::fewerThanFourPairsIsRefused()
{
    const QList<Submission> all = submissions();
    QString error;
    // Three with text and the empty one: three pairs.
    const QList<Submission> few{all.at(0), all.at(1), all.at(2), all.at(5)};
    QVERIFY(all.at(5).isEmpty());
    QVERIFY(!GraderBiasProbe::document(rubric(QStringLiteral("library-hours.rubric.json")), few,
                                       JudgeConfig{}, EvidencePolicy{}, Bias::Padding,
                                       QStringLiteral("x"), &error));
    QCOMPARE(error, QStringLiteral("a padding probe needs at least 4 matched pairs; 3 submissions "
                                   "with text make 3"));
    // Eight with text make only four A/B pairs: enough; seven make three.
    QVERIFY(GraderBiasProbe::document(
        rubric(QStringLiteral("library-hours.rubric.json")), all.mid(6, 6) + all.mid(0, 2),
        JudgeConfig{}, EvidencePolicy{}, Bias::Position, QStringLiteral("x"), &error));
    QVERIFY(!GraderBiasProbe::document(
        rubric(QStringLiteral("library-hours.rubric.json")), all.mid(6, 6) + all.mid(0, 1),
        JudgeConfig{}, EvidencePolicy{}, Bias::Position, QStringLiteral("x"), &error));
}

void TestGraderBias::probeFileReadsBackEqual()
{
    // The CLI runs the probe from its file: what is read back must be the probe built.
    for (const Bias bias : {Bias::Padding, Bias::Byline, Bias::Position}) {
        const auto doc = probe(bias, QStringLiteral("library-hours-case.rubric.json"));
        QVERIFY(doc);
        const QString path =
            m_dir.filePath(GraderBiasProbe::biasName(bias) + QStringLiteral(".judge.json"));
        QString error;
        QVERIFY2(JudgeProbeWriter::writeFile(*doc, path, &error), qPrintable(error));
        const JudgeProbeLoadResult back = JudgeProbeReader::readFile(path);
        QVERIFY2(back.ok(), qPrintable(back.text()));
        QCOMPARE(*back.document, *doc);
    }
}

void TestGraderBias::measuresTheStandIn_data()
{
    QTest::addColumn<int>("bias");
    QTest::addColumn<QString>("rubricName");
    QTest::addColumn<double>("delta");
    QTest::addColumn<QString>("risk");
    // The planted bonus: six of the eleven paragraphs pass 50 words when padded and gain a
    // level on every criterion (+25 points each); 6 * 25 / 11 = +13.64.
    QTest::addRow("padding, any rubric")
        << int(Bias::Padding) << "library-hours-case.rubric.json" << 150.0 / 11
        << "The countermeasure did not reduce the bias";
    // The tutorial's bonus is on directness alone (weight 30, 7.5 points a level), and three
    // of the six that cross already have directness 4 (their first sentence says "should"):
    // 3 * 7.5 / 11.
    QTest::addRow("padding, the tutorial's rubric")
        << int(Bias::Padding) << "library-hours.rubric.json" << 3 * 7.5 / 11
        << "The countermeasure did not reduce the bias";
    // A byline adds four words, too few to take any paragraph past 50 here.
    QTest::addRow("byline") << int(Bias::Byline) << "library-hours-case.rubric.json" << 0.0
                            << "No effect as graded on these 11 pairs";
}

void TestGraderBias::measuresTheStandIn()
{
    QFETCH(int, bias);
    QFETCH(QString, rubricName);
    QFETCH(double, delta);
    QFETCH(QString, risk);
    const auto doc = probe(Bias(bias), rubricName);
    QVERIFY(doc);
    RunStore store;
    QString error;
    QVERIFY2(store.open(m_dir.filePath(QString::number(bias) + rubricName + ".pbrun"), &error),
             qPrintable(error));
    const JudgeAnalysis analysis = runAll(*doc, store);
    QCOMPARE(analysis.judges.size(), 2);
    const GraderBiasReport report =
        GraderBiasReport::compute(*doc, analysis, Bias(bias), QStringLiteral("Be fair."));
    QCOMPARE(report.asGraded.pairs, 11);
    QVERIFY(std::abs(report.asGraded.delta - delta) < 1e-9);
    QVERIFY(std::abs(report.asGraded.treatment - report.asGraded.control - delta) < 1e-9);
    // The stand-in reads no instruction: the residual is the whole delta.
    QCOMPARE(report.countered.delta, report.asGraded.delta);
    QVERIFY2(report.residualRisk().startsWith(risk), qPrintable(report.residualRisk()));
    // Per criterion, in rubric order, PropertyEffect's deltas as they are.
    QCOMPARE(report.asGraded.criteria.size(), doc->rubric.criteria.size());
    const PropertyEffect* effect =
        analysis.judges.at(0).effect(GraderBiasProbe::property(Bias(bias)));
    QVERIFY(effect);
    for (qsizetype i = 0; i < report.asGraded.criteria.size(); ++i) {
        QCOMPARE(report.asGraded.criteria.at(i).criterionId, doc->rubric.criteria.at(i).id);
        QCOMPARE(report.asGraded.criteria.at(i).delta, effect->criteria.at(i).meanDelta);
        QCOMPARE(report.counteredCriterion(doc->rubric.criteria.at(i).id)->delta,
                 report.asGraded.criteria.at(i).delta);
    }
    const QJsonObject json = QJsonDocument::fromJson(report.json()).object();
    QCOMPARE(json.value(QLatin1String("format")).toString(),
             QLatin1String(GraderBiasReport::kFormat));
    QCOMPARE(json.value(QLatin1String("countermeasure")).toString(), QStringLiteral("Be fair."));
    QCOMPARE(json.value(QLatin1String("after_countermeasure"))
                 .toObject()
                 .value(QLatin1String("avg_delta"))
                 .toDouble(),
             report.countered.delta);
    QCOMPARE(json.value(QLatin1String("as_graded"))
                 .toObject()
                 .value(QLatin1String("criteria"))
                 .toArray()
                 .size(),
             doc->rubric.criteria.size());
}

void TestGraderBias::residualRisk_data()
{
    QTest::addColumn<GraderBiasArm>("asGraded");
    QTest::addColumn<GraderBiasArm>("countered");
    QTest::addColumn<QString>("starts");
    QTest::addRow("nothing scored")
        << arm(GraderBiasArm::kNone, 0, 0) << arm(2.0, 1) << "Not measured";
    QTest::addRow("countermeasure unscored")
        << arm(5.0, 3) << arm(GraderBiasArm::kNone, 0, 0) << "The bias as graded is +5.0";
    QTest::addRow("no effect") << arm(0.0, 0) << arm(0.0, 0) << "No effect as graded";
    QTest::addRow("not reduced") << arm(5.0, 3) << arm(5.0, 3) << "The countermeasure did not";
    QTest::addRow("made worse") << arm(-2.0, 3) << arm(4.0, 4) << "The countermeasure did not";
    QTest::addRow("reduced") << arm(5.0, 3) << arm(1.1, 1) << "The countermeasure reduced";
    QTest::addRow("removed") << arm(5.0, 3) << arm(0.0, 0) << "The countermeasure removed";
    QTest::addRow("position flips reduced")
        << arm(GraderBiasArm::kNone, 4, 20) << arm(GraderBiasArm::kNone, 1, 20)
        << "The countermeasure reduced the bias from 4 of 20 verdicts flipped to 1 of 20";
}

void TestGraderBias::residualRisk()
{
    QFETCH(GraderBiasArm, asGraded);
    QFETCH(GraderBiasArm, countered);
    QFETCH(QString, starts);
    GraderBiasReport report;
    report.pairsInProbe = 11;
    report.asGraded = asGraded;
    report.countered = countered;
    QVERIFY2(report.residualRisk().startsWith(starts), qPrintable(report.residualRisk()));
}

QTEST_GUILESS_MAIN(TestGraderBias)
#include "tst_graderbias.moc"

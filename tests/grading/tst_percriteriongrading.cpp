// Grading one criterion per call: a run per criterion on the one grading path, merged into the
// rows of the whole rubric, and compared with the all-criteria grading of the same files in the
// same store. Against a judge on a real socket that reports token counts, the comparison's
// totals are the sums over the two gradings' stored calls and what the server reported; on the
// stand-in, which grades each criterion alone as it grades it among the others, the levels
// are the all-at-once levels.
#include "FakeJudgeServer.h"
#include "StoreReads.h"
#include "grading/GradingRubric.h"
#include "grading/PerCriterionComparison.h"
#include "grading/PerCriterionGrading.h"
#include "grading/SubmissionFolder.h"
#include "judge/JudgePrompt.h"
#include "run/RunSession.h"
#include "store/RunStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;
using pb::test::FakeJudgeServer;

namespace {

Rubric readRubric(const QString& name)
{
    QString error;
    const auto r = GradingRubric::readFile(
        QStringLiteral(PB_SOURCE_DIR "/resources/examples/") + name, &error);
    if (!r)
        qFatal("%s", qPrintable(error));
    return *r;
}

QList<Submission> readFolder(const QString& path)
{
    QString error;
    const auto read = SubmissionFolder::read(path, &error);
    if (!read)
        qFatal("%s", qPrintable(error));
    return *read;
}

// Answers whatever criteria the request's rubric holds, as a model reading the prompt would:
// level 3 with the first words as the quote, except that it never answers "directness"
// validly for a text saying "probably" and invents the quote of "claims_cited" for the one
// citing the Registrar.
QString judgeReply(const QJsonObject& body)
{
    const QString answer = FakeJudgeServer::answerOf(body);
    std::optional<Rubric> rubric;
    for (const auto& [role, content] : FakeJudgeServer::messagesOf(body)) {
        if (role == QLatin1String("system"))
            rubric = JudgePrompt::rubricIn(content);
    }
    if (!rubric)
        return QStringLiteral("no rubric in the prompt");
    QJsonArray criteria;
    for (const RubricCriterion& c : rubric->criteria) {
        if (c.id == QLatin1String("directness") && answer.contains(QStringLiteral("probably")))
            return QStringLiteral("I think this paragraph is quite good overall.");
        const bool invent =
            c.id == QLatin1String("claims_cited") && answer.contains(QStringLiteral("Registrar"));
        criteria.append(QJsonObject{
            {QStringLiteral("id"), c.id},
            {QStringLiteral("level"), 3},
            {QStringLiteral("evidence"),
             invent ? QStringLiteral("(National Sleep Foundation, 2019)") : answer.left(24)}});
    }
    return QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("criteria"), criteria}})
                                 .toJson(QJsonDocument::Compact));
}

// Runs units to the end; *newCalls: the calls made this time (resumed runs' old calls aside).
QList<qint64> runToEnd(RunStore& store, const QList<RunUnit>& units, int* newCalls)
{
    RunSession session(&store, units);
    QSignalSpy finished(&session, &RunSession::finished);
    QSignalSpy recorded(&session, &RunSession::callsRecorded);
    QSignalSpy started(&session, &RunSession::unitStarted);
    session.start();
    if (finished.isEmpty() && !finished.wait(60000))
        qFatal("the grading run did not finish");
    // A resumed unit first hands out what its run already held: not a new call.
    QSet<int> resumed;
    for (const QList<QVariant>& s : started) {
        if (s.at(2).toBool())
            resumed.insert(s.at(0).toInt());
    }
    QSet<int> seen;
    *newCalls = 0;
    for (const QList<QVariant>& r : recorded) {
        const int unit = r.at(0).toInt();
        const bool first = !seen.contains(unit);
        seen.insert(unit);
        if (first && resumed.contains(unit))
            continue;
        *newCalls += int(r.at(1).value<QList<LoggedCall>>().size());
    }
    return session.runIds();
}

TokenTotals storedTotals(const RunStore& store, const QList<qint64>& runIds)
{
    TokenTotals t;
    for (const qint64 id : runIds) {
        for (const LoggedCall& call : test::calls(store, id))
            t.add(call.tokens);
    }
    return t;
}

} // namespace

class TestPerCriterionGrading : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void eachCriterionIsARunOfItsOwn();
    void mergedRows_data();
    void mergedRows();
    void comparisonSumsTheStoredCalls();
    void runningAgainCallsNothingTwice();
    void standInGradesEachCriterionAsAllAtOnce();

private:
    QTemporaryDir m_dir;
    Rubric m_rubric;
    QList<Submission> m_submissions;
    std::unique_ptr<FakeJudgeServer> m_server;
    JudgeConfig m_grader;
    GradingOutcome m_perCriterion;
    std::optional<PerCriterionComparison> m_comparison;
};

void TestPerCriterionGrading::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_rubric = readRubric(QStringLiteral("library-hours.rubric.json"));
    m_submissions = readFolder(QStringLiteral(PB_TEST_DATA_DIR "/grading/submissions"));
    m_server = std::make_unique<FakeJudgeServer>(judgeReply);
    m_server->setReportTokens(true);
    QVERIFY(m_server->listen());
    m_grader.backend = QStringLiteral("ollama");
    m_grader.model = m_server->model();
    m_grader.endpoints = {m_server->ollamaUrl().toString()};
    m_grader.timeoutSeconds = 20;
}

void TestPerCriterionGrading::eachCriterionIsARunOfItsOwn()
{
    const JudgeProbeDocument all = GradingRun::document(m_rubric, m_submissions, m_grader, {});
    const QList<JudgeProbeDocument> docs =
        PerCriterionGrading::documents(m_rubric, m_submissions, m_grader, {});
    QCOMPARE(docs.size(), m_rubric.criteria.size());
    const QList<RunUnit> units = PerCriterionGrading::units(docs);
    QSet<QString> hashes{GradingRun::unit(all).identity.hash()};
    for (qsizetype i = 0; i < docs.size(); ++i) {
        QCOMPARE(docs.at(i).rubric.ids(), QStringList{m_rubric.criteria.at(i).id});
        QCOMPARE(docs.at(i).items.size(), all.items.size()); // the empty file is no item
        QVERIFY(units.at(i).name.contains(m_rubric.criteria.at(i).id));
        hashes.insert(units.at(i).identity.hash());
    }
    QCOMPARE(hashes.size(), docs.size() + 1);
    // The same rubric graded per criterion with another setting is another run.
    JudgeConfig warmer = m_grader;
    warmer.temperature = 0.7;
    QVERIFY(PerCriterionGrading::units(
                PerCriterionGrading::documents(m_rubric, m_submissions, warmer, {}))
                .constFirst()
                .identity.hash() != units.constFirst().identity.hash());
}

void TestPerCriterionGrading::mergedRows_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<QString>("total");
    QTest::addColumn<QList<int>>("levels"); // -1: no level
    QTest::addRow("scored") << QStringLiteral("a_cited.txt") << QStringList()
                            << QStringLiteral("75.0") << QList<int>{3, 3, 3};
    // Only the criterion that never validated is lost, not the whole submission.
    QTest::addRow("one criterion review needed")
        << QStringLiteral("b_vague.md") << QStringList{QStringLiteral("REVIEW_NEEDED")} << QString()
        << QList<int>{3, -1, 3};
    QTest::addRow("empty") << QStringLiteral("d_empty.txt")
                           << QStringList{QStringLiteral("EMPTY_FILE")} << QString()
                           << QList<int>{-1, -1, -1};
    QTest::addRow("hallucinated") << QStringLiteral("e_early.TXT")
                                  << QStringList{QStringLiteral(
                                         "HALLUCINATED_EVIDENCE:claims_cited")}
                                  << QString() << QList<int>{-1, 3, 3};
}

void TestPerCriterionGrading::mergedRows()
{
    if (m_perCriterion.rows.isEmpty()) {
        RunStore store;
        QString error;
        QVERIFY2(store.open(m_dir.filePath(QStringLiteral("grades.pbrun")), &error),
                 qPrintable(error));
        const QList<JudgeProbeDocument> docs =
            PerCriterionGrading::documents(m_rubric, m_submissions, m_grader, {});
        int newCalls = 0;
        const QList<qint64> ids = runToEnd(store, PerCriterionGrading::units(docs), &newCalls);
        // Four submissions with text, three criteria: twelve calls, the empty file none.
        QCOMPARE(newCalls, 12);
        QList<QList<LoggedCall>> calls;
        for (const qint64 id : ids)
            calls << test::calls(store, id);
        m_perCriterion = PerCriterionGrading::outcome(m_rubric, docs, m_submissions, calls, ids);
        QVERIFY(m_perCriterion.complete());
        QCOMPARE(m_perCriterion.cost.runs.size(), 3);
        QCOMPARE(m_perCriterion.review.size(), 1);
        QCOMPARE(m_perCriterion.review.first().criterion, QStringLiteral("directness"));
        QCOMPARE(m_perCriterion.emptyFiles, 1);
        QCOMPARE(m_perCriterion.judged, 4);
        QCOMPARE(m_perCriterion.scored, 3);
        QCOMPARE(m_perCriterion.evidence.hallucinated, 1);
    }
    QFETCH(QString, file);
    QFETCH(QStringList, flags);
    QFETCH(QString, total);
    QFETCH(QList<int>, levels);
    const auto row = std::find_if(m_perCriterion.rows.cbegin(), m_perCriterion.rows.cend(),
                                  [&](const GradeRow& r) { return r.filename == file; });
    QVERIFY(row != m_perCriterion.rows.cend());
    QCOMPARE(row->flags, flags);
    QCOMPARE(row->total ? row->total->text() : QString(), total);
    QCOMPARE(row->cells.size(), levels.size());
    for (qsizetype i = 0; i < levels.size(); ++i)
        QCOMPARE(row->cells.at(i).level.value_or(-1), levels.at(i));
}

void TestPerCriterionGrading::comparisonSumsTheStoredCalls()
{
    RunStore store;
    QString error;
    QVERIFY2(store.open(m_dir.filePath(QStringLiteral("grades.pbrun")), &error), qPrintable(error));
    const qint64 reportedBefore = m_server->reportedInput();
    const qint64 outputBefore = m_server->reportedOutput();
    const JudgeProbeDocument all = GradingRun::document(m_rubric, m_submissions, m_grader, {});
    int newCalls = 0;
    const QList<qint64> allIds = runToEnd(store, {GradingRun::unit(all)}, &newCalls);
    QCOMPARE(newCalls, 4);
    const GradingOutcome allAtOnce =
        GradingRun::outcome(all, m_submissions, test::calls(store, allIds.constFirst()));
    QVERIFY(!m_perCriterion.rows.isEmpty());
    const PerCriterionComparison c =
        PerCriterionComparison::compare(m_rubric, &allAtOnce, m_perCriterion, {}, QString());

    // Exactly one call per criterion for each submission with text.
    QCOMPARE(c.callsMultiplier().value_or(0), double(m_rubric.criteria.size()));
    // Every token total is the sum over that grading's stored calls, and the all-at-once
    // one is what the server reported while it ran.
    QList<qint64> perIds;
    for (const RunCost::Run& r : m_perCriterion.cost.runs)
        perIds << r.runId;
    const TokenTotals per = storedTotals(store, perIds);
    const TokenTotals once = storedTotals(store, allIds);
    QCOMPARE(c.perCriterionCost.total(), per);
    QCOMPARE(c.allAtOnceCost.total(), once);
    QCOMPARE(once.input, m_server->reportedInput() - reportedBefore);
    QCOMPARE(once.output, m_server->reportedOutput() - outputBefore);
    QVERIFY(once.input > 0 && per.input > 0);
    QCOMPARE(c.inputMultiplier().value_or(0), double(per.input) / double(once.input));
    QCOMPARE(c.outputMultiplier().value_or(0), double(per.output) / double(once.output));
    QVERIFY(!c.costMultiplier()); // no prices given
    qInfo("per criterion / all at once: calls x%.2f, input tokens x%.2f, output tokens x%.2f",
          *c.callsMultiplier(), *c.inputMultiplier(), *c.outputMultiplier());

    // At prices (not part of a run's identity: the same stored calls), the cost multiplier
    // is the ratio of the two costs.
    JudgeConfig priced = m_grader;
    priced.prices = TokenPrices{1.0, 4.0};
    const QList<JudgeProbeDocument> pricedDocs =
        PerCriterionGrading::documents(m_rubric, m_submissions, priced, {});
    QList<QList<LoggedCall>> perCalls;
    for (const qint64 id : perIds)
        perCalls << test::calls(store, id);
    const GradingOutcome pricedPer =
        PerCriterionGrading::outcome(m_rubric, pricedDocs, m_submissions, perCalls, perIds);
    const GradingOutcome pricedOnce =
        GradingRun::outcome(GradingRun::document(m_rubric, m_submissions, priced, {}),
                            m_submissions, test::calls(store, allIds.constFirst()));
    const PerCriterionComparison atPrices =
        PerCriterionComparison::compare(m_rubric, &pricedOnce, pricedPer, {}, QString());
    const double perCost = (double(per.input) * 1.0 + double(per.output) * 4.0) / 1e6;
    const double onceCost = (double(once.input) * 1.0 + double(once.output) * 4.0) / 1e6;
    QVERIFY(atPrices.costMultiplier());
    QVERIFY(qAbs(*atPrices.costMultiplier() - perCost / onceCost) < 1e-9);

    // The effect: b_vague loses directness in both (review needed all at once, one criterion
    // per call), so only levels both gave are compared; every level here is 3 in both.
    QCOMPARE(c.levelsChanged, 0);
    QCOMPARE(c.criteria.size(), 3);
    QCOMPARE(c.criteria.at(0).compared, 2); // claims_cited: a, c (b review all at once, e invented)
    const QJsonObject json = c.toJson();
    QCOMPARE(json.value(QLatin1String("multipliers"))
                 .toObject()
                 .value(QLatin1String("calls"))
                 .toDouble(),
             3.0);
    QVERIFY(QString::fromUtf8(c.markdown()).contains(QStringLiteral("| calls | 4 | 12 | x3.00 |")));
}

void TestPerCriterionGrading::runningAgainCallsNothingTwice()
{
    RunStore store;
    QString error;
    QVERIFY2(store.open(m_dir.filePath(QStringLiteral("grades.pbrun")), &error), qPrintable(error));
    const qsizetype before = m_server->chatBodies().size();
    int newCalls = -1;
    const QList<JudgeProbeDocument> docs =
        PerCriterionGrading::documents(m_rubric, m_submissions, m_grader, {});
    const QList<qint64> ids = runToEnd(store, PerCriterionGrading::units(docs), &newCalls);
    QCOMPARE(newCalls, 0);
    QCOMPARE(m_server->chatBodies().size(), before);
    QList<qint64> firstIds;
    for (const RunCost::Run& r : m_perCriterion.cost.runs)
        firstIds << r.runId;
    QCOMPARE(ids, firstIds);
    // The all-criteria run, and one run per criterion: four runs in the store.
    QCOMPARE(test::runs(store).size(), 4);
}

void TestPerCriterionGrading::standInGradesEachCriterionAsAllAtOnce()
{
    const QList<QPair<QString, QString>> examples{
        {QStringLiteral("library-hours.rubric.json"), QStringLiteral("library-hours-submissions")},
        {QStringLiteral("library-hours-case.rubric.json"),
         QStringLiteral("library-hours-submissions")}};
    for (const auto& [rubricName, folder] : examples) {
        const Rubric rubric = readRubric(rubricName);
        const QList<Submission> subs =
            readFolder(QStringLiteral(PB_SOURCE_DIR "/resources/examples/") + folder);
        JudgeConfig standIn;
        standIn.backend = QStringLiteral("stand-in-judge");
        RunStore store;
        QString error;
        QVERIFY2(store.open(m_dir.filePath(rubricName + QStringLiteral(".pbrun")), &error),
                 qPrintable(error));
        const JudgeProbeDocument all = GradingRun::document(rubric, subs, standIn, {});
        const QList<JudgeProbeDocument> docs =
            PerCriterionGrading::documents(rubric, subs, standIn, {});
        int allCalls = 0;
        int perCalls = 0;
        const QList<qint64> allIds = runToEnd(store, {GradingRun::unit(all)}, &allCalls);
        const QList<qint64> perIds = runToEnd(store, PerCriterionGrading::units(docs), &perCalls);
        QCOMPARE(perCalls, allCalls * int(rubric.criteria.size()));
        QList<QList<LoggedCall>> calls;
        for (const qint64 id : perIds)
            calls << test::calls(store, id);
        const GradingOutcome per = PerCriterionGrading::outcome(rubric, docs, subs, calls, perIds);
        const GradingOutcome once =
            GradingRun::outcome(all, subs, test::calls(store, allIds.constFirst()));
        QCOMPARE(per.rows.size(), once.rows.size());
        for (qsizetype s = 0; s < per.rows.size(); ++s) {
            QCOMPARE(per.rows.at(s).flags, once.rows.at(s).flags);
            QCOMPARE(per.rows.at(s).total.has_value(), once.rows.at(s).total.has_value());
            if (per.rows.at(s).total)
                QCOMPARE(per.rows.at(s).total->text(), once.rows.at(s).total->text());
            for (qsizetype c = 0; c < rubric.criteria.size(); ++c)
                QCOMPARE(per.rows.at(s).cells.at(c).level, once.rows.at(s).cells.at(c).level);
        }
        const PerCriterionComparison c =
            PerCriterionComparison::compare(rubric, &once, per, {}, QString());
        QCOMPARE(c.levelsChanged, 0);
        QVERIFY(c.levelsCompared > 0);
        QCOMPARE(c.callsMultiplier().value_or(0), double(rubric.criteria.size()));
        // The stand-in counts no tokens: no token or cost multiplier is made up.
        QVERIFY(!c.inputMultiplier());
        QVERIFY(!c.costMultiplier());
    }
}

QTEST_GUILESS_MAIN(TestPerCriterionGrading)
#include "tst_percriteriongrading.moc"

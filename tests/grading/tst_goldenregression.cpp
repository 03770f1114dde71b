#include "FakeJudgeServer.h"
#include "StoreReads.h"
#include "TestPaths.h"
#include "gate/ReleaseGate.h"
#include "grading/GoldenComparison.h"
#include "grading/GoldenSet.h"
#include "grading/GradingRubric.h"
#include "grading/GradingRun.h"
#include "grading/GradingSummary.h"
#include "grading/ScoreSheetCsv.h"
#include "grading/SubmissionFolder.h"
#include "judge/StandInJudgeBackend.h"
#include "run/RunSession.h"
#include "store/RunStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;
using namespace pb::test;

namespace {

// A change to the rubric or to the judge's instructions that this judge takes to heart.
const QString kHarsher = QStringLiteral("Reserve high directness levels for the rarest texts.");

// The stand-in judge's grading, over a real socket, except that it is two directness levels
// harsher whenever the system prompt carries kHarsher: the judge whose behaviour a deliberate
// change moved.
QString respond(const QJsonObject& body)
{
    const QString reply =
        StandInJudgeBackend::replyForAnswer(FakeJudgeServer::answerOf(body), true);
    if (!FakeJudgeServer::messagesOf(body).value(0).second.contains(kHarsher))
        return reply;
    QJsonObject verdict = QJsonDocument::fromJson(reply.toUtf8()).object();
    QJsonArray criteria = verdict.value(QLatin1String("criteria")).toArray();
    for (qsizetype i = 0; i < criteria.size(); ++i) {
        QJsonObject c = criteria.at(i).toObject();
        if (c.value(QLatin1String("id")).toString() == QLatin1String("directness"))
            c.insert(QStringLiteral("level"),
                     std::max(1, c.value(QLatin1String("level")).toInt() - 2));
        criteria.replace(i, c);
    }
    verdict.insert(QStringLiteral("criteria"), criteria);
    return QString::fromUtf8(QJsonDocument(verdict).toJson(QJsonDocument::Compact));
}

} // namespace

// A golden set catches a deliberate change to the rubric or to the judge's prompt: the
// regression run of the changed configuration is blocked by the gate against the approved
// one, and the approved one passes against itself.
class TestGoldenRegression : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void aDeliberateChangeIsCaught_data();
    void aDeliberateChangeIsCaught();

private:
    QJsonObject regress(const Rubric& rubric, const JudgeConfig& grader);

    FakeJudgeServer m_server{respond};
    QTemporaryDir m_dir;
    int m_stores = 0;
    GoldenSet m_golden;
    Rubric m_rubric;
    QList<Submission> m_submissions;
};

void TestGoldenRegression::initTestCase()
{
    QVERIFY(m_server.listen());
    QString error;
    const auto golden = GoldenSet::readFile(
        sourceDir() + QStringLiteral("/resources/examples/library-hours.golden.json"), &error);
    QVERIFY2(golden, qPrintable(error));
    m_golden = *golden;
    const auto rubric = GradingRubric::readFile(m_golden.rubricPath, &error);
    QVERIFY2(rubric, qPrintable(error));
    m_rubric = *rubric;
    const auto submissions = SubmissionFolder::read(m_golden.submissionsPath, &error);
    QVERIFY2(submissions, qPrintable(error));
    m_submissions = *submissions;
}

// What `probebench regress` writes into summary.json, from a run on the fake judge.
QJsonObject TestGoldenRegression::regress(const Rubric& rubric, const JudgeConfig& grader)
{
    const JudgeProbeDocument doc = GradingRun::document(rubric, m_submissions, grader, {});
    RunStore store;
    QString error;
    if (!store.open(m_dir.filePath(QStringLiteral("r%1.pbrun").arg(++m_stores)), &error))
        qFatal("%s", qPrintable(error));
    RunSession session(&store, {GradingRun::unit(doc)});
    QSignalSpy finished(&session, &RunSession::finished);
    session.start();
    if (!finished.wait(60000))
        qFatal("the regression run did not finish");
    const GradingOutcome graded =
        GradingRun::outcome(doc, m_submissions, test::calls(store, session.runIds().first()));
    const auto expected = ScoreSheetCsv::readFile(m_golden.expectedPath, rubric, &error);
    const auto comparison =
        expected ? GoldenComparison::compare(rubric, m_golden, *expected, graded.rows, &error)
                 : std::nullopt;
    if (!comparison)
        qFatal("%s", qPrintable(error));
    QJsonObject summary = GradingSummary::json(doc, graded, {});
    summary.insert(QStringLiteral("regression"), comparison->json());
    return summary;
}

void TestGoldenRegression::aDeliberateChangeIsCaught_data()
{
    QTest::addColumn<bool>("inRubric"); // else in the judge's instructions
    QTest::addRow("a rubric revision") << true;
    QTest::addRow("a judge prompt change") << false;
}

void TestGoldenRegression::aDeliberateChangeIsCaught()
{
    QFETCH(bool, inRubric);
    JudgeConfig grader;
    grader.name = QStringLiteral("grader");
    grader.backend = QStringLiteral("ollama");
    grader.model = m_server.model();
    grader.endpoints = {m_server.ollamaUrl().toString()};
    const QJsonObject approved = regress(m_rubric, grader);

    Rubric changedRubric = m_rubric;
    JudgeConfig changedGrader = grader;
    if (inRubric) {
        RubricCriterion& directness =
            changedRubric.criteria[m_rubric.indexOf(QStringLiteral("directness"))];
        directness.levels[4] += QLatin1Char(' ') + kHarsher;
    } else {
        changedGrader.instructions = kHarsher;
    }
    const QJsonObject changed = regress(changedRubric, changedGrader);
    // The change reached the judge: the last request's system prompt carries it.
    QVERIFY(FakeJudgeServer::messagesOf(m_server.chatBodies().last())
                .value(0)
                .second.contains(kHarsher));

    const ReleaseGate::Outcome same = ReleaseGate::evaluate(approved, approved, {});
    QVERIFY2(same.inputError.isEmpty(), qPrintable(same.inputError));
    QVERIFY2(!same.blocked(), qPrintable(same.checks.value(0).detail));

    GateThresholds t;
    t.maxAgreementDrop = 0.1;
    const ReleaseGate::Outcome gated = ReleaseGate::evaluate(changed, approved, t);
    QVERIFY2(gated.inputError.isEmpty(), qPrintable(gated.inputError));
    QVERIFY(gated.blocked());
    QCOMPARE(gated.checks.size(), 2);
    for (const GateCheck& c : gated.checks) {
        QVERIFY2(!c.passed, qPrintable(c.name));
        QVERIFY2(c.detail.contains(QStringLiteral("directness (")), qPrintable(c.detail));
        QVERIFY2(!c.detail.contains(QStringLiteral("claims_cited")), qPrintable(c.detail));
    }
    // Both result sets side by side: directness within tolerance, approved -> changed.
    const auto row =
        std::find_if(gated.sideBySide.begin(), gated.sideBySide.end(), [](const GateComparison& c) {
            return c.what == QLatin1String("directness: within tolerance");
        });
    QVERIFY(row != gated.sideBySide.end());
    QCOMPARE(row->baseline, QStringLiteral("87.5%"));
    QVERIFY2(row->current.endsWith(QLatin1Char('%')) &&
                 QStringView(row->current).chopped(1).toDouble() < 75.0,
             qPrintable(row->current));
}

QTEST_GUILESS_MAIN(TestGoldenRegression)
#include "tst_goldenregression.moc"

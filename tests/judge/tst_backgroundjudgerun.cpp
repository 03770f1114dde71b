#include "FakeJudgeServer.h"
#include "StoreReads.h"
#include "TestPaths.h"
#include "judge/JudgeBackendFactory.h"
#include "judge/JudgeCallPlan.h"
#include "judge/JudgeCallRecord.h"
#include "judge/JudgeConsoleText.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeRun.h"
#include "judge/JudgeReplies.h"
#include "judge/JudgeRunIdentity.h"
#include "judge/StandInJudgeBackend.h"
#include "run/BackgroundRun.h"
#include "run/RunSession.h"
#include "run/Runner.h"
#include "store/RunStore.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

using namespace pb;
using pb::test::FakeJudgeServer;

namespace {

JudgeProbeDocument example()
{
    const JudgeProbeLoadResult r = JudgeProbeReader::readFile(
        test::sourceDir() + QStringLiteral("/resources/examples/library-padding.judge.json"));
    return r.document.value_or(JudgeProbeDocument{});
}

// What `probebench run` does for one judge (app/JudgeRunCommand.cpp), on this thread: the
// judge's unit in a RunSession, run to the end, every call read back from the store.
QList<JudgedCall> cliPath(const JudgeProbeDocument& doc, int judgeIndex, RunStore& store,
                          int* newCalls)
{
    RunSession session(&store, JudgeProbeRun::units(doc, {judgeIndex}));
    QSignalSpy finished(&session, &RunSession::finished);
    QSignalSpy started(&session, &RunSession::unitStarted);
    QSignalSpy recorded(&session, &RunSession::callsRecorded);
    session.start();
    if (finished.isEmpty() && !finished.wait(20000))
        return {};
    if (started.isEmpty())
        return {};
    const bool resumed = started.first().at(2).toBool();
    *newCalls = 0;
    for (qsizetype i = resumed ? 1 : 0; i < recorded.size(); ++i) // a resume's stored batch first
        *newCalls += int(recorded.at(i).at(1).value<QList<LoggedCall>>().size());
    const qint64 runId = session.runIds().at(judgeIndex);
    return JudgeCallRecord::fromLogged(doc, doc.judges.at(judgeIndex), test::calls(store, runId));
}

// How many calls the store at path holds for the judges of doc.
int storedCalls(const JudgeProbeDocument& doc, const QString& path)
{
    return JudgeProbeRun::readStored(doc, path).storedCalls;
}

void startJudges(BackgroundRun& run, const JudgeProbeDocument& doc, const QString& storePath,
                 const QList<int>& judges = {})
{
    run.start(JudgeProbeRun::units(doc, judges), std::make_unique<JudgeAnalyzer>(doc), storePath);
}

struct Outcome
{
    RunOutcome outcome = RunOutcome::Stopped;
    QString message;
    std::optional<JudgeAnalysis> lastAnalysis;
    QList<int> startedJudges;
    QList<bool> resumed;
    int callsSeen = 0;
    int progressSignals = 0;
    QThread* analysisThread = nullptr;
};

// Runs doc in the background and waits for finished, keeping what the signals said.
Outcome runInBackground(const JudgeProbeDocument& doc, const QString& storePath,
                        const QList<int>& judges = {})
{
    Outcome out;
    BackgroundRun run;
    QObject::connect(&run, &BackgroundRun::unitStarted, [&](int judge, qint64, bool resumed) {
        out.startedJudges << judge;
        out.resumed << resumed;
    });
    QObject::connect(&run, &BackgroundRun::callsRecorded,
                     [&](int, const QList<LoggedCall>& calls) { out.callsSeen += calls.size(); });
    QObject::connect(&run, &BackgroundRun::progressChanged, [&](int judge, const RunProgress&) {
        if (judge >= 0 && judge < doc.judges.size())
            ++out.progressSignals;
    });
    QObject::connect(&run, &BackgroundRun::analysisUpdated, [&](const RunResultsPtr& r) {
        if (const JudgeAnalysis* a = JudgeProbeRun::analysisIn(r))
            out.lastAnalysis = *a;
        out.analysisThread = QThread::currentThread();
    });
    QSignalSpy finished(&run, &BackgroundRun::finished);
    startJudges(run, doc, storePath, judges);
    if (!finished.wait(30000))
        return out;
    out.outcome = finished.first().at(0).value<RunOutcome>();
    out.message = finished.first().at(1).toString();
    return out;
}

const PropertyEffect* padding(const JudgeAnalysis& a, int judge)
{
    return a.judges.value(judge).effect(QStringLiteral("padding"));
}

// The stand-in judge's own grading, served over the loopback API.
QString standInReply(const QJsonObject& body)
{
    return StandInJudgeBackend::replyForAnswer(FakeJudgeServer::answerOf(body), true);
}

// doc with its first judge sent to server, so a run can be cut short between calls.
JudgeProbeDocument judgedOver(JudgeProbeDocument doc, const FakeJudgeServer& server)
{
    JudgeConfig& judge = doc.judges.first();
    judge.backend = QStringLiteral("ollama");
    judge.model = server.model();
    judge.endpoints = {server.ollamaUrl().toString()};
    judge.timeoutSeconds = 20;
    return doc;
}

} // namespace

class TestJudgeBackgroundRun : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void standInMatchesTheCliPath();
    void resumesWithoutCallingAgain();
    void storedAnalysisWithoutRunning();
    void twoJudgesOneOverTheNetwork();
    void runsOnlyTheChosenJudge();
    void cancelStopsTheQueue();
    void pauseHoldsTheRunAndResumeFinishesIt();
    void unusableJudgeDoesNotStopTheOthers();

private:
    QTemporaryDir m_dir;
    JudgeProbeDocument m_doc;
};

void TestJudgeBackgroundRun::initTestCase()
{
    qRegisterMetaType<QList<pb::JudgedCall>>();
    QVERIFY(m_dir.isValid());
    m_doc = example();
    QCOMPARE(m_doc.items.size(), 3);
}

void TestJudgeBackgroundRun::standInMatchesTheCliPath()
{
    const QString store = m_dir.filePath(QStringLiteral("results/padding.pbrun"));
    const Outcome bg = runInBackground(m_doc, store);
    QCOMPARE(bg.outcome, RunOutcome::Completed);
    QVERIFY2(bg.message.isEmpty(), qPrintable(bg.message));
    QCOMPARE(bg.startedJudges, QList<int>{0});
    QCOMPARE(bg.resumed, QList<bool>{false});
    QCOMPARE(bg.callsSeen, 14); // 3 x (base + padded), then s02's two artifacts 4 more times
    QVERIFY(bg.progressSignals > 0);
    QVERIFY(bg.lastAnalysis.has_value());
    QVERIFY(bg.analysisThread == QThread::currentThread()); // delivered to the caller's thread
    const JudgeAnalysis& a = *bg.lastAnalysis;
    QCOMPARE(a.judges.size(), 1);
    QCOMPARE(a.judges.first().logged, 14);

    // The tutorial's Part III rows: s02 and s03 directness 2 -> 3, s01 unchanged.
    const PropertyEffect* effect = padding(a, 0);
    QVERIFY(effect);
    const qsizetype directness = m_doc.rubric.indexOf(QStringLiteral("directness"));
    QCOMPARE(effect->criteria.at(directness).itemDeltas, (QList<double>{0.0, 1.0, 1.0}));
    const QString table = JudgeConsoleText::deltaTable(*effect, m_doc.rubric);
    QVERIFY2(
        table.contains(QStringLiteral("s02        45  directness            2      3     +1\n")),
        qPrintable(table));
    QVERIFY(
        table.contains(QStringLiteral("s03        40  directness            2      3     +1\n")));
    QVERIFY(
        table.contains(QStringLiteral("s01        89  directness            4      4     +0\n")));

    // The CLI path on the same store finds the same run, calls nothing, and prints the same.
    RunStore cliStore;
    QString error;
    QVERIFY2(cliStore.open(store, &error), qPrintable(error));
    int newCalls = -1;
    const QList<JudgedCall> calls = cliPath(m_doc, 0, cliStore, &newCalls);
    QCOMPARE(newCalls, 0);
    QCOMPARE(calls.size(), 14);
    const JudgeAnalysis cli = JudgeAnalysis::compute(m_doc, {calls});
    QCOMPARE(JudgeConsoleText::render(m_doc, a), JudgeConsoleText::render(m_doc, cli));

    // And a fresh CLI run into a store of its own gives the same printout too.
    RunStore fresh;
    QVERIFY(fresh.open(m_dir.filePath(QStringLiteral("cli.pbrun")), &error));
    const QList<JudgedCall> freshCalls = cliPath(m_doc, 0, fresh, &newCalls);
    QCOMPARE(newCalls, 14);
    QCOMPARE(JudgeConsoleText::render(m_doc, a),
             JudgeConsoleText::render(m_doc, JudgeAnalysis::compute(m_doc, {freshCalls})));
}

void TestJudgeBackgroundRun::resumesWithoutCallingAgain()
{
    // A judge behind the loopback server, one call at a time, so a run can be cut short.
    FakeJudgeServer server(standInReply);
    QVERIFY(server.listen());
    const JudgeProbeDocument doc = judgedOver(m_doc, server);
    const JudgeConfig& judge = doc.judges.first();
    const QString store = m_dir.filePath(QStringLiteral("resume.pbrun"));

    // Part of the run by the CLI path: cancelled after its first recorded call.
    {
        RunStore s;
        QString error;
        QVERIFY(s.open(store, &error));
        bool resumed = false;
        const qint64 runId =
            JudgeRunIdentity::identity(doc, judge).findOrCreateRun(s, &resumed, &error);
        QVERIFY(runId > 0);
        std::unique_ptr<ModelBackend> backend = JudgeBackendFactory::create(judge, {}, &error);
        QVERIFY2(backend, qPrintable(error));
        JudgeReplies replies(doc, judge, runId);
        Runner runner(JudgeCallPlan::build(doc, judge), &replies, &s, runId, backend.get(),
                      JudgeProbeRun::wording());
        runner.setPublishInterval(1);
        QSignalSpy finished(&runner, &Runner::finished);
        connect(&runner, &Runner::callsRecorded, &runner, &Runner::cancel);
        runner.start();
        QVERIFY(!finished.isEmpty() || finished.wait(10000));
        QVERIFY(test::calls(s, runId).size() > 0);
        QVERIFY(test::calls(s, runId).size() < 14);
    }
    const int before = storedCalls(doc, store);
    QVERIFY(before > 0 && before < 14);
    // A call in flight when the cancel came may have reached the server unrecorded; the
    // server lives on this thread, so let it read what is already on its sockets first.
    qsizetype bodiesBefore = -1;
    while (bodiesBefore != server.chatBodies().size()) {
        bodiesBefore = server.chatBodies().size();
        QTest::qWait(100);
    }
    QVERIFY(bodiesBefore >= before);

    const Outcome bg = runInBackground(doc, store);
    QVERIFY2(bg.outcome == RunOutcome::Completed, qPrintable(bg.message));
    QCOMPARE(bg.resumed, QList<bool>{true});
    // The stored calls are sent first, then only the missing ones are made.
    QCOMPARE(bg.callsSeen, 14);
    QCOMPARE(server.chatBodies().size(), bodiesBefore + (14 - before));
    QVERIFY(bg.lastAnalysis.has_value());
    QCOMPARE(bg.lastAnalysis->judges.first().logged, 14);
    QCOMPARE(storedCalls(doc, store), 14);

    // A second run finds everything recorded and calls nothing.
    const Outcome again = runInBackground(doc, store);
    QCOMPARE(again.outcome, RunOutcome::Completed);
    QCOMPARE(again.resumed, QList<bool>{true});
    QCOMPARE(again.callsSeen, 14);
    QCOMPARE(server.chatBodies().size(), bodiesBefore + (14 - before));
    QCOMPARE(JudgeConsoleText::render(doc, *again.lastAnalysis),
             JudgeConsoleText::render(doc, *bg.lastAnalysis));
}

void TestJudgeBackgroundRun::storedAnalysisWithoutRunning()
{
    const QString store = m_dir.filePath(QStringLiteral("stored.pbrun"));
    const Outcome bg = runInBackground(m_doc, store);
    QCOMPARE(bg.outcome, RunOutcome::Completed);

    const JudgeProbeRun::StoredJudgeResults loaded = JudgeProbeRun::readStored(m_doc, store);
    QCOMPARE(loaded.storedCalls, 14);
    QVERIFY2(loaded.error.isEmpty(), qPrintable(loaded.error));
    QCOMPARE(JudgeConsoleText::render(m_doc, loaded.analysis),
             JudgeConsoleText::render(m_doc, *bg.lastAnalysis));

    // A probe never run: an empty analysis, and no store is created by looking.
    const QString missing = m_dir.filePath(QStringLiteral("never/run.pbrun"));
    const JudgeProbeRun::StoredJudgeResults none = JudgeProbeRun::readStored(m_doc, missing);
    QCOMPARE(none.storedCalls, 0);
    QCOMPARE(none.analysis.judges.first().logged, 0);
    QVERIFY(!QFileInfo::exists(missing));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("never"))));

    // A changed document is a different run: nothing stored for it.
    JudgeProbeDocument changed = m_doc;
    changed.judges.first().instructions = QStringLiteral("Length is not a criterion.");
    QCOMPARE(storedCalls(changed, store), 0);
}

void TestJudgeBackgroundRun::twoJudgesOneOverTheNetwork()
{
    // The stand-in's own grading behind a real loopback Ollama: the same verdicts, through
    // the whole HTTP path.
    FakeJudgeServer server(standInReply);
    QVERIFY(server.listen());
    JudgeProbeDocument doc = m_doc;
    JudgeConfig remote;
    remote.name = QStringLiteral("over ollama");
    remote.backend = QStringLiteral("ollama");
    remote.model = server.model();
    remote.endpoints = {server.ollamaUrl().toString()};
    remote.concurrency = 2;
    remote.timeoutSeconds = 20;
    doc.judges << remote;

    const Outcome bg = runInBackground(doc, m_dir.filePath(QStringLiteral("two.pbrun")));
    QVERIFY2(bg.outcome == RunOutcome::Completed, qPrintable(bg.message));
    QCOMPARE(bg.startedJudges, (QList<int>{0, 1}));
    QCOMPARE(bg.callsSeen, 28);
    QCOMPARE(server.chatBodies().size(), 14);
    QVERIFY(bg.lastAnalysis.has_value());
    const JudgeAnalysis& a = *bg.lastAnalysis;
    QVERIFY(a.comparesJudges());
    for (int j = 0; j < 2; ++j) {
        QCOMPARE(a.judges.at(j).scored, 14);
        QCOMPARE(JudgeConsoleText::constructionLine(a.judges.at(j).construction),
                 QStringLiteral("16 of 18 verdicts as built"));
        QCOMPARE(JudgeConsoleText::deltaTable(*padding(a, j), doc.rubric),
                 JudgeConsoleText::deltaTable(*padding(a, 0), doc.rubric));
    }
    QCOMPARE(a.judges.at(1).model, server.model());
}

void TestJudgeBackgroundRun::runsOnlyTheChosenJudge()
{
    JudgeProbeDocument doc = m_doc;
    JudgeConfig second = doc.judges.first();
    second.name = QStringLiteral("told about length");
    second.instructions = QStringLiteral("Length is not a criterion.");
    doc.judges << second;
    const QString store = m_dir.filePath(QStringLiteral("chosen.pbrun"));
    const Outcome bg = runInBackground(doc, store, {1});
    QCOMPARE(bg.outcome, RunOutcome::Completed);
    QCOMPARE(bg.startedJudges, QList<int>{1});
    QVERIFY(bg.lastAnalysis.has_value());
    // Every judge of the probe is in the analysis; the one not run has nothing logged.
    QCOMPARE(bg.lastAnalysis->judges.size(), 2);
    QCOMPARE(bg.lastAnalysis->judges.at(0).logged, 0);
    QCOMPARE(bg.lastAnalysis->judges.at(1).logged, 14);
    QCOMPARE(bg.lastAnalysis->judges.at(1).judgeName, QStringLiteral("told about length"));

    // Running the other one later adds it beside, and the first is resumed untouched.
    const Outcome both = runInBackground(doc, store);
    QCOMPARE(both.startedJudges, (QList<int>{0, 1}));
    QCOMPARE(both.resumed, (QList<bool>{false, true}));
    QCOMPARE(both.lastAnalysis->judges.at(0).logged, 14);
    QCOMPARE(both.lastAnalysis->judges.at(1).logged, 14);
}

void TestJudgeBackgroundRun::cancelStopsTheQueue()
{
    // The fake server answers only while this thread's event loop runs, so the cancel below
    // reaches the worker while the first call is still in flight.
    FakeJudgeServer server(standInReply);
    QVERIFY(server.listen());
    JudgeProbeDocument doc = judgedOver(m_doc, server);
    JudgeConfig second = doc.judges.first();
    second.name = QStringLiteral("second");
    doc.judges << second;

    const QString store = m_dir.filePath(QStringLiteral("cancel.pbrun"));
    BackgroundRun run;
    QSignalSpy started(&run, &BackgroundRun::unitStarted);
    QSignalSpy finished(&run, &BackgroundRun::finished);
    startJudges(run, doc, store);
    QVERIFY(run.isRunning());
    run.cancel();
    QVERIFY(finished.wait(20000));
    QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Cancelled);
    QVERIFY(!run.isRunning());
    QCOMPARE(started.size(), 1); // the second judge never starts
    QVERIFY(storedCalls(doc, store) <= 1);
    QVERIFY(server.chatBodies().size() <= 1);
    // The evidence file says why the run is incomplete, as a model probe's does.
    RunStore s;
    QString error;
    QVERIFY2(s.open(store, &error), qPrintable(error));
    const QList<RunEvent> events = test::events(s, started.first().at(1).toLongLong());
    QVERIFY(!events.isEmpty());
    QCOMPARE(events.last().kind, QStringLiteral("cancelled"));
}

void TestJudgeBackgroundRun::pauseHoldsTheRunAndResumeFinishesIt()
{
    FakeJudgeServer server(standInReply);
    QVERIFY(server.listen());
    JudgeProbeDocument doc = judgedOver(m_doc, server);
    JudgeConfig second = doc.judges.first();
    second.name = QStringLiteral("second");
    second.instructions = QStringLiteral("Length is not a criterion.");
    doc.judges << second;
    const QString store = m_dir.filePath(QStringLiteral("pause.pbrun"));

    BackgroundRun run;
    QList<RunProgress> reports;
    int recorded = 0;
    connect(&run, &BackgroundRun::progressChanged,
            [&](int, const RunProgress& p) { reports << p; });
    connect(&run, &BackgroundRun::callsRecorded, [&](int, const QList<LoggedCall>& calls) {
        if (recorded == 0)
            run.pause(); // after the first answers: calls in flight finish, none go out
        recorded += int(calls.size());
    });
    QSignalSpy finished(&run, &BackgroundRun::finished);
    startJudges(run, doc, store);
    QTRY_VERIFY_WITH_TIMEOUT(!reports.isEmpty() && reports.last().paused, 20000);
    // Paused: what reached the server stays put while the window waits.
    qsizetype sent = -1;
    while (sent != server.chatBodies().size()) {
        sent = server.chatBodies().size();
        QTest::qWait(300);
    }
    QVERIFY(sent < 28);
    QTest::qWait(500);
    QCOMPARE(server.chatBodies().size(), sent);
    QVERIFY(finished.isEmpty());
    QVERIFY(run.isRunning());

    run.resume();
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Completed);
    QCOMPARE(recorded, 28);
    QCOMPARE(server.chatBodies().size(), 28); // nothing asked twice across the pause
    QCOMPARE(storedCalls(doc, store), 28);
}

void TestJudgeBackgroundRun::unusableJudgeDoesNotStopTheOthers()
{
    JudgeProbeDocument doc = m_doc;
    JudgeConfig broken;
    broken.name = QStringLiteral("no key");
    broken.backend = QStringLiteral("openai");
    broken.model = QStringLiteral("gpt");
    broken.endpoints = {QStringLiteral("http://127.0.0.1:9/v1")};
    broken.apiKeyEnv = QStringLiteral("PB_TEST_KEY_THAT_IS_NOT_SET");
    qunsetenv("PB_TEST_KEY_THAT_IS_NOT_SET");
    doc.judges.prepend(broken);
    const Outcome bg = runInBackground(doc, m_dir.filePath(QStringLiteral("broken.pbrun")));
    QCOMPARE(bg.outcome, RunOutcome::Stopped);
    QVERIFY2(bg.message.startsWith(QStringLiteral("judge \"no key\": ")), qPrintable(bg.message));
    QVERIFY(bg.startedJudges.contains(1));
    QVERIFY(bg.lastAnalysis.has_value());
    QCOMPARE(bg.lastAnalysis->judges.at(1).logged, 14);

    // A store that cannot be written: stopped before any judge, with the reason.
    QTemporaryDir locked;
    QFile file(locked.filePath(QStringLiteral("file")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    const Outcome none = runInBackground(m_doc, locked.filePath(QStringLiteral("file/x.pbrun")));
    QCOMPARE(none.outcome, RunOutcome::Stopped);
    QVERIFY(!none.message.isEmpty());
    QVERIFY(none.startedJudges.isEmpty());
}

QTEST_GUILESS_MAIN(TestJudgeBackgroundRun)
#include "tst_backgroundjudgerun.moc"

#include "ScriptedBackend.h"
#include "StoreReads.h"
#include "TestPaths.h"
#include "judge/JudgeCallPlan.h"
#include "judge/JudgeCallRecord.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeRun.h"
#include "judge/JudgeReplies.h"
#include "judge/JudgeRunIdentity.h"
#include "judge/StandInJudgeBackend.h"
#include "run/Runner.h"
#include "store/RunStore.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>

using namespace pb;

namespace {

JudgeProbeDocument example()
{
    const JudgeProbeLoadResult r = JudgeProbeReader::readFile(
        test::sourceDir() + QStringLiteral("/resources/examples/library-padding.judge.json"));
    if (!r.ok())
        qFatal("%s", qPrintable(r.text()));
    return *r.document;
}

// How the scripted judge answers: like the stand-in judge, except for the calls it is told to
// fail, or to answer with text that does not validate and then fail every re-ask of.
struct JudgeScript
{
    QSet<quint64> failing;
    QSet<quint64> invalidThenFail;
    QSet<quint64> invalidOnce; // the first reply does not validate, the re-ask does

    CallResult operator()(const CallRequest& r) const
    {
        CallResult res;
        res.attempts = 1;
        const bool reAsk = r.messages.size() > 2;
        if (failing.contains(r.callIndex) || (invalidThenFail.contains(r.callIndex) && reAsk)) {
            res.status = CallStatus::Failed;
            res.errorKind = QStringLiteral("http-5xx");
            res.error = QStringLiteral("the server answered 500 three times");
        } else if ((invalidThenFail.contains(r.callIndex) || invalidOnce.contains(r.callIndex)) &&
                   !reAsk) {
            res.status = CallStatus::Ok;
            res.reply = QStringLiteral("I would rather not grade this.");
        } else {
            res.status = CallStatus::Ok;
            res.reply = StandInJudgeBackend::replyFor(r);
        }
        return res;
    }
};

const QString kJudgeName = QStringLiteral("scripted-judge");

struct Ending
{
    RunOutcome outcome = RunOutcome::Completed;
    QString message;
    int recorded = 0; // calls published through callsRecorded
};

Ending runToEnd(Runner& runner, const std::function<void(const RunProgress&)>& onProgress = {})
{
    Ending ending;
    bool done = false;
    QObject::connect(&runner, &Runner::callsRecorded,
                     [&](const QList<LoggedCall>& calls) { ending.recorded += int(calls.size()); });
    QObject::connect(&runner, &Runner::progressChanged, [&](const RunProgress& p) {
        if (onProgress)
            onProgress(p);
    });
    QObject::connect(&runner, &Runner::finished, [&](RunOutcome o, const QString& m) {
        ending.outcome = o;
        ending.message = m;
        done = true;
    });
    runner.setPublishInterval(1);
    runner.start();
    if (!QTest::qWaitFor([&] { return done; }, 30000))
        qWarning("run did not finish");
    return ending;
}

} // namespace

class TestJudgeRunner : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void aFailedReAskKeepsTheEarlierReplyForReview();
    void aReAskWaitsOutTheBackoff();
    void aCancelDuringTheBackoffEndsAtOnce();
    void aReAskDueWhilePausedGoesOutOnResume();

private:
    qint64 openRun(bool* resumed = nullptr);

    JudgeProbeDocument m_doc;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<RunStore> m_store;
};

void TestJudgeRunner::initTestCase()
{
    m_doc = example();
    QCOMPARE(m_doc.judges.size(), 1);
    QCOMPARE(m_doc.judges.first().maxRetries, 2);
}

void TestJudgeRunner::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_store = std::make_unique<RunStore>();
    QString error;
    QVERIFY2(m_store->open(m_dir->filePath(QStringLiteral("j.pbrun")), &error), qPrintable(error));
}

void TestJudgeRunner::cleanup()
{
    m_store.reset();
    m_dir.reset();
}

qint64 TestJudgeRunner::openRun(bool* resumed)
{
    bool ignored = false;
    QString error;
    const qint64 runId = JudgeRunIdentity::identity(m_doc, m_doc.judges.first())
                             .findOrCreateRun(*m_store, resumed ? resumed : &ignored, &error);
    if (runId == 0)
        qWarning("%s", qPrintable(error));
    return runId;
}

void TestJudgeRunner::aFailedReAskKeepsTheEarlierReplyForReview()
{
    const qint64 runId = openRun();
    JudgeScript script;
    script.invalidThenFail = {3};
    test::ScriptedBackend backend(kJudgeName, 3, script);
    JudgeReplies replies(m_doc, m_doc.judges.at(0), runId);
    Runner runner(JudgeCallPlan::build(m_doc, m_doc.judges.at(0)), &replies, m_store.get(), runId,
                  &backend, JudgeProbeRun::wording());
    const Ending ending = runToEnd(runner);
    QCOMPARE(ending.outcome, RunOutcome::Completed);
    QCOMPARE(backend.submitted(), 15); // call 3 was asked twice
    const QList<LoggedCall> calls = test::calls(*m_store, runId);
    QCOMPARE(calls.size(), 14);
    const auto it = std::find_if(calls.begin(), calls.end(),
                                 [](const LoggedCall& c) { return c.callIndex == 3; });
    QVERIFY(it != calls.end());
    QCOMPARE(it->status, CallStatus::Ok);
    QCOMPARE(it->reply, QStringLiteral("I would rather not grade this."));
    QCOMPARE(it->errorKind, QStringLiteral("http-5xx"));
    QVERIFY(!it->metricValue);
    const QJsonObject judge = it->details.value(QStringLiteral("judge")).toObject();
    QCOMPARE(judge.value(QStringLiteral("outcome")).toString(), QStringLiteral("review-needed"));
    QCOMPARE(judge.value(QStringLiteral("tries")).toArray().size(), 1);
    QVERIFY(judge.value(QStringLiteral("validation_errors"))
                .toArray()
                .last()
                .toString()
                .startsWith(QStringLiteral("the re-ask failed: ")));
    // The stored conversation is the re-ask's, the prompt the first try's.
    QCOMPARE(QJsonDocument::fromJson(it->messagesJson.toUtf8()).array().size(), 4);
    QVERIFY(!it->prompt.contains(QStringLiteral("I would rather not grade this.")));
    const JudgedCall back = JudgeCallRecord::fromLogged(m_doc, m_doc.judges.first(), *it);
    QCOMPARE(back.verdict.outcome, JudgeOutcome::ReviewNeeded);
}

void TestJudgeRunner::aReAskWaitsOutTheBackoff()
{
    const qint64 runId = openRun();
    JudgeScript script;
    script.invalidOnce = {3};
    test::ScriptedBackend backend(kJudgeName, 3, script);
    backend.setAskAgainDelay(300);
    JudgeReplies replies(m_doc, m_doc.judges.at(0), runId);
    Runner runner(JudgeCallPlan::build(m_doc, m_doc.judges.at(0)), &replies, m_store.get(), runId,
                  &backend, JudgeProbeRun::wording());
    const Ending ending = runToEnd(runner);
    QCOMPARE(ending.outcome, RunOutcome::Completed);
    const QList<qint64> sent = backend.submitTimes(3);
    QCOMPARE(sent.size(), 2);
    QVERIFY2(sent.at(1) - sent.at(0) >= 300, qPrintable(QString::number(sent.at(1) - sent.at(0))));
    const QList<LoggedCall> calls = test::calls(*m_store, runId);
    QCOMPARE(calls.size(), 14);
    for (const LoggedCall& c : calls)
        QVERIFY2(c.metricValue, qPrintable(QString::number(c.callIndex)));
}

void TestJudgeRunner::aCancelDuringTheBackoffEndsAtOnce()
{
    const qint64 runId = openRun();
    JudgeScript script;
    script.invalidOnce = {0};
    test::ScriptedBackend backend(kJudgeName, 3, script);
    backend.setAskAgainDelay(60000);
    JudgeReplies replies(m_doc, m_doc.judges.at(0), runId);
    Runner runner(JudgeCallPlan::build(m_doc, m_doc.judges.at(0)), &replies, m_store.get(), runId,
                  &backend, JudgeProbeRun::wording());
    QElapsedTimer clock;
    clock.start();
    // Cancel once every other call is recorded: only the re-ask of call 0 is left, waiting.
    const Ending ending = runToEnd(runner, [&](const RunProgress& p) {
        if (p.ok == 13)
            runner.cancel();
    });
    QCOMPARE(ending.outcome, RunOutcome::Cancelled);
    QVERIFY2(clock.elapsed() < 20000, "the cancel waited for the backoff");
    QCOMPARE(backend.submitTimes(0).size(), 1); // the re-ask never went out
    const QList<LoggedCall> calls = test::calls(*m_store, runId);
    QCOMPARE(calls.size(), 13);
    QVERIFY(std::none_of(calls.begin(), calls.end(),
                         [](const LoggedCall& c) { return c.callIndex == 0; }));
    const QList<RunEvent> events = test::events(*m_store, runId);
    QVERIFY(std::any_of(events.begin(), events.end(),
                        [](const RunEvent& e) { return e.kind == QLatin1String("cancelled"); }));
}

void TestJudgeRunner::aReAskDueWhilePausedGoesOutOnResume()
{
    const qint64 runId = openRun();
    JudgeScript script;
    script.invalidOnce = {0};
    test::ScriptedBackend backend(kJudgeName, 3, script);
    backend.setAskAgainDelay(150);
    JudgeReplies replies(m_doc, m_doc.judges.at(0), runId);
    Runner runner(JudgeCallPlan::build(m_doc, m_doc.judges.at(0)), &replies, m_store.get(), runId,
                  &backend, JudgeProbeRun::wording());
    bool done = false;
    RunOutcome outcome = RunOutcome::Stopped;
    QObject::connect(&runner, &Runner::finished, [&](RunOutcome o) {
        outcome = o;
        done = true;
    });
    runner.start();
    // Pause once call 0's first reply is in and its follow-up waits out the backoff.
    QVERIFY(QTest::qWaitFor([&] { return runner.progress().ok >= 1; }, 30000));
    runner.pause();
    QTest::qWait(400); // the backoff ends while paused
    QCOMPARE(backend.submitTimes(0).size(), 1);
    QVERIFY(!done);
    runner.resume();
    QVERIFY(QTest::qWaitFor([&] { return done; }, 30000));
    QCOMPARE(outcome, RunOutcome::Completed);
    QCOMPARE(backend.submitTimes(0).size(), 2); // the follow-up went out after the resume
    const QList<LoggedCall> calls = test::calls(*m_store, runId);
    QCOMPARE(calls.size(), 14); // no cell lost to the pause
    for (const LoggedCall& c : calls)
        QVERIFY2(c.metricValue, qPrintable(QString::number(c.callIndex)));
}

QTEST_GUILESS_MAIN(TestJudgeRunner)
#include "tst_judgerunner.moc"

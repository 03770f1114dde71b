#include "ScriptedBackend.h"
#include "StoreReads.h"
#include "TestPaths.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeRun.h"
#include "judge/StandInJudgeBackend.h"
#include "nameset/NameSetReader.h"
#include "nameset/NameSetRun.h"
#include "nameset/StandInNameSetBackend.h"
#include "probe/ProbeReader.h"
#include "run/ModelProbeRun.h"
#include "run/ReplyHandler.h"
#include "run/Runner.h"
#include "standin/StandInModel.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <memory>

using namespace pb;

namespace {

// One kind of probe as the runner sees it: its run unit (plan, reply handler, wording) and
// the answer its stand-in gives, so a scripted backend can answer like the stand-in and fail
// what a test says.
struct Kind
{
    RunUnit unit;
    std::function<QString(const CallRequest&)> reply;
    std::shared_ptr<StandInNameSetBackend> nameSetJudge; // keeps the name set's answerer
};

QString example(const char* name)
{
    return test::sourceDir() + QStringLiteral("/resources/examples/") + QLatin1String(name);
}

Kind kind(const QString& which)
{
    Kind k;
    if (which == QLatin1String("model probe")) {
        const ProbeLoadResult r = ProbeReader::readFile(example("style-probe.probe.json"));
        if (!r.ok())
            qFatal("%s", qPrintable(r.errorText()));
        k.unit = ModelProbeRun::unit(*r.document);
        k.reply = [](const CallRequest& c) {
            return StandInModel::reply(c.prompt, c.seed, c.temperature, c.plantedGap);
        };
    } else if (which == QLatin1String("judge probe")) {
        const JudgeProbeLoadResult r =
            JudgeProbeReader::readFile(example("library-padding.judge.json"));
        if (!r.ok())
            qFatal("%s", qPrintable(r.text()));
        k.unit = JudgeProbeRun::units(*r.document).constFirst();
        k.reply = [](const CallRequest& c) { return StandInJudgeBackend::replyFor(c); };
    } else {
        const NameSetLoadResult r = NameSetReader::readFile(example("resume-screening.names.json"));
        if (!r.ok())
            qFatal("%s", qPrintable(r.text()));
        NameSetDocument doc = *r.document;
        doc.standIn.malformedRate = 0; // every call answered once: the counts below are exact
        k.unit = NameSetRun::unit(doc);
        k.nameSetJudge = std::make_shared<StandInNameSetBackend>(doc);
        k.reply = [judge = k.nameSetJudge](const CallRequest& c) { return judge->replyFor(c); };
    }
    return k;
}

struct Script
{
    std::function<QString(const CallRequest&)> reply;
    QSet<quint64> failing; // call indexes that fail every time

    CallResult operator()(const CallRequest& r) const
    {
        CallResult res;
        res.attempts = 1;
        if (failing.contains(r.callIndex)) {
            res.status = CallStatus::Failed;
            res.errorKind = QStringLiteral("http-5xx");
            res.error = QStringLiteral("the server answered 500 three times");
        } else {
            res.status = CallStatus::Ok;
            res.reply = reply(r);
        }
        return res;
    }
};

// A session of one unit against a scripted backend, to its end.
struct Session
{
    RunOutcome outcome = RunOutcome::Stopped;
    QString message;
    RunProgress last;
    int submitted = 0;
    int maxInFlight = 0;
};

Session runSession(const Kind& k, RunStore& store, qint64 runId, const Script& script,
                   const std::function<void(Runner&, const RunProgress&)>& onProgress = {},
                   int fatalAfter = -1)
{
    test::ScriptedBackend backend(QStringLiteral("scripted"), 3, script);
    if (fatalAfter >= 0)
        backend.setFatalAfter(fatalAfter, QStringLiteral("the model changed during the run"));
    const std::unique_ptr<ReplyHandler> handler = k.unit.replies(runId);
    Runner runner(k.unit.plan(), handler.get(), &store, runId, &backend, k.unit.wording);
    runner.setPublishInterval(1);
    Session s;
    bool done = false;
    QObject::connect(&runner, &Runner::progressChanged, [&](const RunProgress& p) {
        s.last = p;
        if (onProgress)
            onProgress(runner, p);
    });
    QObject::connect(&runner, &Runner::finished, [&](RunOutcome o, const QString& m) {
        s.outcome = o;
        s.message = m;
        done = true;
    });
    runner.start();
    if (!QTest::qWaitFor([&] { return done; }, 60000))
        qWarning("the run did not finish");
    s.last = runner.progress();
    s.submitted = backend.submitted();
    s.maxInFlight = backend.maxInFlightSeen();
    return s;
}

bool hasEvent(const RunStore& store, qint64 runId, const QString& kind)
{
    const QList<RunEvent> events = test::events(store, runId);
    return std::any_of(events.begin(), events.end(),
                       [&](const RunEvent& e) { return e.kind == kind; });
}

} // namespace

// The one Runner, the same way for every kind of probe: capacity, failures, cancel and resume,
// a fatal stop, pause. Each test runs once per kind, on the kind's own plan and reply handler.
class TestRunner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void answersEveryCallWithinCapacity_data() { kinds(); }
    void answersEveryCallWithinCapacity();
    void failedCallsAreFlaggedAndCalledAgainOnRerun_data() { kinds(); }
    void failedCallsAreFlaggedAndCalledAgainOnRerun();
    void cancelThenResumeEqualsAnUninterruptedRun_data() { kinds(); }
    void cancelThenResumeEqualsAnUninterruptedRun();
    void aFatalErrorStopsTheRunAndIsRecorded_data() { kinds(); }
    void aFatalErrorStopsTheRunAndIsRecorded();
    void pauseSendsNothingUntilResume_data() { kinds(); }
    void pauseSendsNothingUntilResume();

private:
    static void kinds();
    qint64 openRun(RunStore& store, const Kind& k, bool* resumed = nullptr);
    std::unique_ptr<QTemporaryDir> m_dir;
    int m_stores = 0;
};

void TestRunner::kinds()
{
    QTest::addColumn<QString>("kind");
    for (const char* k : {"model probe", "judge probe", "name set"})
        QTest::addRow("%s", k) << QString::fromLatin1(k);
}

void TestRunner::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

qint64 TestRunner::openRun(RunStore& store, const Kind& k, bool* resumed)
{
    QString error;
    if (!store.isOpen() &&
        !store.open(m_dir->filePath(QStringLiteral("s%1.pbrun").arg(++m_stores)), &error))
        qFatal("%s", qPrintable(error));
    bool ignored = false;
    const qint64 id = k.unit.identity.findOrCreateRun(store, resumed ? resumed : &ignored, &error);
    if (id == 0)
        qFatal("%s", qPrintable(error));
    return id;
}

void TestRunner::answersEveryCallWithinCapacity()
{
    QFETCH(QString, kind);
    const Kind k = ::kind(kind);
    RunStore store;
    const qint64 run = openRun(store, k);
    const int planned = int(k.unit.plan().size());
    const Session s = runSession(k, store, run, Script{k.reply, {}});
    QCOMPARE(s.outcome, RunOutcome::Completed);
    QCOMPARE(s.message, QString());
    QCOMPARE(s.last.total, planned);
    QCOMPARE(s.last.ok, planned);
    QCOMPARE(s.submitted, planned);
    QCOMPARE(s.maxInFlight, 3); // the backend's capacity, never more
    const QList<LoggedCall> calls = test::calls(store, run);
    QCOMPARE(calls.size(), planned);
    for (const LoggedCall& c : calls)
        QVERIFY2(c.status == CallStatus::Ok, qPrintable(c.cellKey()));
}

void TestRunner::failedCallsAreFlaggedAndCalledAgainOnRerun()
{
    QFETCH(QString, kind);
    const Kind k = ::kind(kind);
    RunStore store;
    const qint64 run = openRun(store, k);
    const int planned = int(k.unit.plan().size());
    const Session first = runSession(k, store, run, Script{k.reply, {0, 5}});
    QCOMPARE(first.outcome, RunOutcome::Incomplete);
    QVERIFY2(first.message.startsWith(QStringLiteral("2 ")) &&
                 first.message.contains(k.unit.wording.calls),
             qPrintable(first.message));
    QCOMPARE(first.last.failed, 2);
    const QList<LoggedCall> calls = test::calls(store, run);
    QCOMPARE(calls.size(), planned);
    for (const LoggedCall& c : calls) {
        const bool failing = c.callIndex == 0 || c.callIndex == 5;
        QCOMPARE(c.status, failing ? CallStatus::Failed : CallStatus::Ok);
        if (failing) {
            QVERIFY(!c.metricValue); // no value is ever guessed for a failed call
            QCOMPARE(c.errorKind, QStringLiteral("http-5xx"));
        }
    }
    // A rerun calls only the two failed cells again.
    const Session again = runSession(k, store, run, Script{k.reply, {}});
    QCOMPARE(again.outcome, RunOutcome::Completed);
    QCOMPARE(again.submitted, 2);
    QCOMPARE(test::completedCells(store, run).size(), planned);
}

void TestRunner::cancelThenResumeEqualsAnUninterruptedRun()
{
    QFETCH(QString, kind);
    const Kind k = ::kind(kind);
    const int planned = int(k.unit.plan().size());
    RunStore reference;
    const qint64 refRun = openRun(reference, k);
    QCOMPARE(runSession(k, reference, refRun, Script{k.reply, {}}).outcome, RunOutcome::Completed);

    RunStore store;
    const qint64 run = openRun(store, k);
    bool cancelled = false;
    const Session cut =
        runSession(k, store, run, Script{k.reply, {}}, [&](Runner& runner, const RunProgress& p) {
            if (!cancelled && p.ok >= 2) {
                cancelled = true;
                runner.cancel();
            }
        });
    QCOMPARE(cut.outcome, RunOutcome::Cancelled);
    const int kept = int(test::calls(store, run).size());
    QVERIFY2(kept >= 2 && kept < planned, qPrintable(QString::number(kept)));
    QVERIFY(cut.message.startsWith(QStringLiteral("cancelled; %1 of %2 ").arg(kept).arg(planned)));
    QVERIFY(hasEvent(store, run, QStringLiteral("cancelled")));
    for (const LoggedCall& c : test::calls(store, run))
        QCOMPARE(c.status, CallStatus::Ok); // what the cancel aborted is no failure

    bool resumed = false;
    QCOMPARE(openRun(store, k, &resumed), run);
    QVERIFY(resumed);
    const Session rest = runSession(k, store, run, Script{k.reply, {}});
    QCOMPARE(rest.outcome, RunOutcome::Completed);
    QCOMPARE(rest.last.resumed, kept);
    QCOMPARE(rest.submitted, planned - kept);
    const QList<LoggedCall> a = test::calls(reference, refRun);
    QList<LoggedCall> b = test::calls(store, run);
    std::sort(b.begin(), b.end(),
              [](const LoggedCall& x, const LoggedCall& y) { return x.callIndex < y.callIndex; });
    QList<LoggedCall> sortedA = a;
    std::sort(sortedA.begin(), sortedA.end(),
              [](const LoggedCall& x, const LoggedCall& y) { return x.callIndex < y.callIndex; });
    QCOMPARE(b.size(), sortedA.size());
    for (qsizetype i = 0; i < sortedA.size(); ++i) {
        QCOMPARE(b[i].cellKey(), sortedA[i].cellKey());
        QCOMPARE(b[i].reply, sortedA[i].reply);
        QCOMPARE(b[i].metricValue, sortedA[i].metricValue);
    }
}

void TestRunner::aFatalErrorStopsTheRunAndIsRecorded()
{
    QFETCH(QString, kind);
    const Kind k = ::kind(kind);
    RunStore store;
    const qint64 run = openRun(store, k);
    const Session s = runSession(k, store, run, Script{k.reply, {}}, {}, 4);
    QCOMPARE(s.outcome, RunOutcome::Stopped);
    QCOMPARE(s.message, QStringLiteral("the model changed during the run"));
    QCOMPARE(test::calls(store, run).size(), 4); // what the stop aborted is not recorded
    QCOMPARE(s.submitted, 4 + 3);                // nothing more was sent once it came
    QVERIFY(hasEvent(store, run, QStringLiteral("stopped")));
}

void TestRunner::pauseSendsNothingUntilResume()
{
    QFETCH(QString, kind);
    const Kind k = ::kind(kind);
    RunStore store;
    const qint64 run = openRun(store, k);
    const int planned = int(k.unit.plan().size());
    test::ScriptedBackend backend(QStringLiteral("scripted"), 3, Script{k.reply, {}});
    const std::unique_ptr<ReplyHandler> handler = k.unit.replies(run);
    Runner runner(k.unit.plan(), handler.get(), &store, run, &backend, k.unit.wording);
    bool done = false;
    QObject::connect(&runner, &Runner::finished, [&] { done = true; });
    runner.start();
    runner.pause();
    const int before = backend.submitted();
    QTest::qWait(50);
    QCOMPARE(backend.submitted(), before); // the calls in flight ended; none went out
    QVERIFY(runner.progress().paused);
    QVERIFY(!done);
    runner.resume();
    QVERIFY(QTest::qWaitFor([&] { return done; }, 60000));
    QCOMPARE(test::calls(store, run).size(), planned);
}

QTEST_GUILESS_MAIN(TestRunner)
#include "tst_runner.moc"

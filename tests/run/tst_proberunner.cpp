#include "ScriptedBackend.h"
#include "StoreReads.h"
#include "TestPaths.h"
#include "analysis/ProbeAnalysis.h"
#include "backends/ModelBackend.h"
#include "probe/ProbeReader.h"
#include "run/CallPlan.h"
#include "run/ModelProbeReplies.h"
#include "run/RunConfiguration.h"
#include "run/Runner.h"
#include "standin/StandInBackend.h"
#include "standin/StandInModel.h"
#include "store/RunStore.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace pb;

namespace {

ProbeDocument example()
{
    const ProbeLoadResult r = ProbeReader::readFile(
        test::sourceDir() + QStringLiteral("/resources/examples/style-probe.probe.json"));
    if (!r.ok()) {
        qFatal("%s", qPrintable(r.errorText()));
    }
    return *r.document;
}

// Answers like the stand-in, but fails the cells it is told to; capacity 3.
class ScriptedBackend : public test::ScriptedBackend
{
public:
    QSet<QString> failing; // cell keys that fail every time

    ScriptedBackend()
        : test::ScriptedBackend(QStringLiteral("scripted"), 3,
                                [this](const CallRequest& r) { return answer(r); })
    {
    }

private:
    CallResult answer(const CallRequest& r) const
    {
        CallResult res;
        res.attempts = 3;
        if (failing.contains(LoggedCall::cellKey(r.itemId, r.variant, r.arm, r.seed))) {
            res.status = CallStatus::Failed;
            res.errorKind = QStringLiteral("http-5xx");
            res.error = QStringLiteral("the server answered 500 three times");
        } else {
            res.status = CallStatus::Ok;
            res.reply = StandInModel::reply(r.prompt, r.seed, r.temperature, r.plantedGap);
        }
        return res;
    }
};

struct RunResult
{
    RunOutcome outcome = RunOutcome::Stopped;
    QString message;
};

RunResult runToEnd(Runner& runner, std::function<void()> during = {})
{
    RunResult result;
    bool done = false;
    QObject::connect(&runner, &Runner::finished, [&](RunOutcome o, const QString& m) {
        result = {o, m};
        done = true;
    });
    runner.start();
    if (during) {
        during();
    }
    if (!QTest::qWaitFor([&] { return done; }, 30000)) {
        qWarning("run did not finish");
    }
    return result;
}

} // namespace

class TestProbeRunner : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void planInterleavesValues();
    void standInRunRecordsEveryCell();
    void aFailedCellIsLeftOutOfTheTable();
};

void TestProbeRunner::planInterleavesValues()
{
    const ProbeDocument doc = example();
    const QList<CallRequest> plan = CallPlan::build(doc);
    QCOMPARE(plan.size(), 8 * 3 * 20);
    // Seed-major; within each item: formal, casual, formal again on seed + 100.
    QCOMPARE(plan[0].variant, QStringLiteral("formal"));
    QCOMPARE(plan[1].variant, QStringLiteral("casual"));
    QCOMPARE(plan[2].variant, QStringLiteral("formal again"));
    QCOMPARE(plan[2].arm, CallArm::Noise);
    QCOMPARE(plan[2].seed, plan[0].seed + 100);
    QCOMPARE(plan[2].prompt, plan[0].prompt);
    QCOMPARE(plan[3].itemId, QStringLiteral("1"));
    QCOMPARE(plan[24].seed, qint64(2));
    QCOMPARE(plan[0].prompt, doc.settings.system + QStringLiteral("\n\n") +
                                 doc.items[0].variants.value(QStringLiteral("formal")));
    for (int i = 0; i < plan.size(); ++i) {
        QCOMPARE(plan[i].callIndex, quint64(i));
    }
    ProbeDocument noNoise = doc;
    noNoise.noise.enabled = false;
    QCOMPARE(CallPlan::build(noNoise).size(), 320);
}

void TestProbeRunner::standInRunRecordsEveryCell()
{
    QTemporaryDir dir;
    RunStore store;
    QString error;
    QVERIFY(store.open(dir.filePath(QStringLiteral("a.pbrun")), &error));
    const ProbeDocument doc = example();
    bool resumed = true;
    const qint64 run = RunConfiguration::identity(doc, QStringLiteral("{}"))
                           .findOrCreateRun(store, &resumed, &error);
    QVERIFY(!resumed);
    StandInBackend backend;
    ModelProbeReplies replies(doc.metric, run);
    Runner runner(CallPlan::build(doc), &replies, &store, run, &backend);
    QSignalSpy batches(&runner, &Runner::callsRecorded);
    const RunResult r = runToEnd(runner);
    QCOMPARE(r.outcome, RunOutcome::Completed);
    QCOMPARE(test::calls(store, run).size(), 480);
    int published = 0;
    for (const QList<QVariant>& args : batches) {
        published += int(args.at(0).value<QList<LoggedCall>>().size());
    }
    QCOMPARE(published, 480);
    const ProbeAnalysis a = ProbeAnalysis::fromCalls(test::calls(store, run), doc.valueA(),
                                                     doc.valueB(), doc.metric.name);
    QCOMPARE(QString::number(a.probe.table.averageGap(), 'f', 2), QStringLiteral("0.70"));
    QCOMPARE(a.probe.signFlip.p, 4.0 / 256.0);
}

void TestProbeRunner::aFailedCellIsLeftOutOfTheTable()
{
    QTemporaryDir dir;
    const ProbeDocument doc = example();
    RunStore store;
    QString error;
    bool resumed = false;
    QVERIFY(store.open(dir.filePath(QStringLiteral("f.pbrun")), &error));
    const qint64 run =
        RunConfiguration::identity(doc, QString()).findOrCreateRun(store, &resumed, &error);
    const QString broken =
        LoggedCall::cellKey(QStringLiteral("3"), QStringLiteral("casual"), CallArm::Probe, 7);
    {
        ScriptedBackend backend;
        backend.failing.insert(broken);
        ModelProbeReplies replies(doc.metric, run);
        Runner runner(CallPlan::build(doc), &replies, &store, run, &backend);
        const RunResult r = runToEnd(runner);
        QCOMPARE(r.outcome, RunOutcome::Incomplete);
        QVERIFY(r.message.contains(QStringLiteral("1 calls failed")));
    }
    const QList<LoggedCall> calls = test::calls(store, run);
    QCOMPARE(calls.size(), 480);
    const ProbeAnalysis a =
        ProbeAnalysis::fromCalls(calls, doc.valueA(), doc.valueB(), doc.metric.name);
    QCOMPARE(a.callsFailed, 1);
    QCOMPARE(a.issues.size(), 1);
    QCOMPARE(a.probe.table.rows()[3].runsB, 19); // excluded, never filled with a value
    QCOMPARE(a.probe.table.rows()[3].failedB, 1);
}

QTEST_GUILESS_MAIN(TestProbeRunner)
#include "tst_proberunner.moc"

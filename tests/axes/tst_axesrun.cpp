#include "FakeModelServer.h"
#include "ScriptedBackend.h"
#include "TestPaths.h"
#include "axes/AxesAnalyzer.h"
#include "axes/AxesReader.h"
#include "axes/AxesResultsFolder.h"
#include "axes/AxesRun.h"
#include "axes/AxesStoredResults.h"
#include "axes/AxesStoredRuns.h"
#include "run/RunSession.h"
#include "standin/StandInBackend.h"
#include "standin/StandInModel.h"
#include "store/RunStore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

using namespace pb;

namespace {

AxesDocument example()
{
    const AxesLoadResult r = AxesReader::readFile(
        test::sourceDir() + QStringLiteral("/resources/examples/style-and-names.axes.json"));
    if (!r.ok())
        qFatal("%s", qPrintable(r.text()));
    return *r.document;
}

// Runs every axis of doc into a fresh store in dir and reads the axes back, as the CLI does.
AxesRunRead runAxes(const AxesDocument& doc, const QString& storePath, RunStore* store)
{
    QString error;
    if (!store->open(storePath, &error))
        qFatal("%s", qPrintable(error));
    const QList<RunUnit> units = AxesRun::units(doc);
    RunSession session(store, units);
    QList<AxisRunEnd> ends(units.size());
    QObject::connect(&session, &RunSession::unitFinished,
                     [&ends](int unit, RunOutcome outcome, const QString& message) {
                         ends[unit].outcome = outcome;
                         ends[unit].message = message;
                     });
    QSignalSpy finished(&session, &RunSession::finished);
    session.start();
    if (finished.isEmpty() && !finished.wait(120000))
        qFatal("the session did not finish");
    for (int a = 0; a < ends.size(); ++a)
        ends[a].runId = session.runIds().value(a);
    std::optional<AxesRunRead> read = AxesStoredRuns::read(*store, doc, ends, &error);
    if (!read)
        qFatal("%s", qPrintable(error));
    return *read;
}

CallRequest numericCall(const QString& prompt, qint64 seed, int valueIndex)
{
    CallRequest r;
    r.prompt = prompt;
    r.seed = seed;
    r.temperature = 0.8;
    r.valueIndex = valueIndex;
    return r;
}

AxesDocument choiceAxes()
{
    AxesDocument doc;
    doc.title = QStringLiteral("choice axes");
    doc.base = QStringLiteral("formal");
    doc.axes = {{QStringLiteral("register"), QStringLiteral("casual"), 1.5, 1.0},
                {QStringLiteral("name"), QStringLiteral("Lakisha"), 0.0, 1.0}};
    for (int i = 0; i < 8; ++i) {
        ProbeItem item;
        item.id = QString::number(i);
        const QString text = QStringLiteral("Request %1: should this go to a senior engineer? "
                                            "Answer yes or no.")
                                 .arg(i);
        item.variants.insert(QStringLiteral("formal"), text);
        item.variants.insert(QStringLiteral("casual"), QStringLiteral("hey ") + text.toLower());
        item.variants.insert(QStringLiteral("Lakisha"), QStringLiteral("I am Lakisha. ") + text);
        doc.items << item;
    }
    for (qint64 s = 1; s <= 10; ++s)
        doc.settings.seeds << s;
    doc.settings.temperature = 0.8;
    doc.metric.kind = QStringLiteral("choice");
    doc.metric.name = QStringLiteral("escalate");
    doc.metric.candidates = {QStringLiteral("yes"), QStringLiteral("no")};
    doc.metric.topLogprobs = 5;
    return doc;
}

// A store of its own in a fresh folder, for a session test.
struct FreshStore
{
    QTemporaryDir dir;
    RunStore store;

    bool open()
    {
        QString error;
        if (!store.open(dir.filePath(QStringLiteral("session.pbrun")), &error))
            qWarning("%s", qPrintable(error));
        return store.isOpen();
    }
};

} // namespace

class TestAxesRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void knobMovesOnlyValueB_data();
    void knobMovesOnlyValueB();
    void withoutTheKnobTheTutorialsReplies();
    void plantedAxisDetectedUnplantedNot();
    void theKnobNotTheWordsPlants();
    void choiceAxesPlantedDetected();
    void noiseKnobWidensTheInterval();
    void oneFailingAxisLeavesAPartialResult();
    void theSessionShowsEachAxisAsItEnds_data();
    void theSessionShowsEachAxisAsItEnds();
    void aPauseBetweenAxesIsAnnounced();
    void aPauseAsTheLastAxisEndsLetsTheRunFinish();
    void aPausedAxisThatStopsHoldsTheNextAndSaysSo();
};

void TestAxesRun::knobMovesOnlyValueB_data()
{
    QTest::addColumn<double>("gap");
    QTest::addColumn<int>("valueIndex");
    QTest::addColumn<int>("arm"); // 0 probe, 1 noise
    QTest::addColumn<int>("steps");
    // Noise 0: every reply is 4 steps, less the gap on value B's probe calls alone.
    QTest::addRow("base") << 2.0 << 0 << 0 << 4;
    QTest::addRow("value B") << 2.0 << 1 << 0 << 2;
    QTest::addRow("noise arm") << 2.0 << 0 << 1 << 4;
    QTest::addRow("negative bias") << -3.0 << 1 << 0 << 7;
    QTest::addRow("unplanted") << 0.0 << 1 << 0 << 4;
}

void TestAxesRun::knobMovesOnlyValueB()
{
    QFETCH(double, gap);
    QFETCH(int, valueIndex);
    QFETCH(int, arm);
    QFETCH(int, steps);
    for (qint64 seed = 1; seed <= 20; ++seed) {
        // A casual marker ("lol") in every prompt: with the knob the words plant nothing.
        CallResult result;
        result.request = numericCall(QStringLiteral("hey help me lol"), seed, valueIndex);
        result.request.arm = arm ? CallArm::Noise : CallArm::Probe;
        result.request.plantedOnValueB = true;
        result.request.plantedGap = gap;
        result.request.noiseScale = 0.0;
        StandInBackend::fill(result);
        QCOMPARE(result.reply, StandInModel::replyForSteps(steps));
    }
}

void TestAxesRun::withoutTheKnobTheTutorialsReplies()
{
    for (const QString& prompt : {QStringLiteral("hey help me lol"), QStringLiteral("Help me.")}) {
        for (qint64 seed = 1; seed <= 50; ++seed) {
            CallResult result;
            result.request = numericCall(prompt, seed, 1);
            result.request.plantedGap = 1.0;
            StandInBackend::fill(result);
            QCOMPARE(result.reply, StandInModel::reply(prompt, seed, 0.8, 1.0));
        }
    }
}

void TestAxesRun::plantedAxisDetectedUnplantedNot()
{
    const AxesDocument doc = example();
    QTemporaryDir dir;
    RunStore first;
    const AxesRunRead one = runAxes(doc, dir.filePath(QStringLiteral("a.pbrun")), &first);
    const AxesComparison& c = one.comparison;
    QVERIFY(c.complete());
    QCOMPARE(c.axes.size(), 3);
    QVERIFY2(c.axes[0].detected, qPrintable(QString::number(c.axes[0].pHolm)));
    QVERIFY(!c.axes[1].detected);
    QVERIFY(!c.axes[2].detected);
    QCOMPARE(c.worst, 0);
    // The planted 1 step is recovered within its interval, and the others' gaps are small.
    QVERIFY(c.axes[0].lower < 1.0 && 1.0 < c.axes[0].upper);
    QVERIFY(c.axes[0].value > 0.5);
    QVERIFY(std::fabs(c.axes[1].value) < 0.5);
    QVERIFY(std::fabs(c.axes[2].value) < 0.5);
    QCOMPARE(c.axes[0].callsLogged, 8 * 20 * 3);

    // Reproducible: the same file into another store gives the same vector, bit for bit.
    RunStore second;
    const AxesRunRead two = runAxes(doc, dir.filePath(QStringLiteral("b.pbrun")), &second);
    for (int a = 0; a < 3; ++a) {
        QCOMPARE(two.comparison.axes[a].value, c.axes[a].value);
        QCOMPARE(two.comparison.axes[a].p, c.axes[a].p);
        QCOMPARE(two.comparison.axes[a].pHolm, c.axes[a].pHolm);
    }
}

void TestAxesRun::theKnobNotTheWordsPlants()
{
    // The same texts with the bias moved to a name axis: the casual words plant nothing now.
    AxesDocument doc = example();
    doc.axes[0].plantedGap = 0.0;
    doc.axes[1].plantedGap = 1.5;
    QTemporaryDir dir;
    RunStore store;
    const AxesComparison c =
        runAxes(doc, dir.filePath(QStringLiteral("k.pbrun")), &store).comparison;
    QVERIFY(!c.axes[0].detected);
    QVERIFY(c.axes[1].detected);
    QVERIFY(!c.axes[2].detected);
    QCOMPARE(c.worst, 1);
    QVERIFY(std::fabs(c.axes[0].value) < 0.5);
}

void TestAxesRun::choiceAxesPlantedDetected()
{
    const AxesDocument doc = choiceAxes();
    QTemporaryDir dir;
    RunStore store;
    const AxesRunRead read = runAxes(doc, dir.filePath(QStringLiteral("c.pbrun")), &store);
    const AxesComparison& c = read.comparison;
    QCOMPARE(c.mode, QStringLiteral("choice"));
    QVERIFY(c.complete());
    QVERIFY(read.evidence[0]->choice.has_value());
    QCOMPARE(read.evidence[0]->choice->source, ChoiceSource::Logprobs);
    QVERIFY2(c.axes[0].detected, qPrintable(QString::number(c.axes[0].pHolm)));
    QVERIFY(!c.axes[1].detected);
    QCOMPARE(c.worst, 0);
    QCOMPARE(c.axes[0].value, read.evidence[0]->choice->comparison.effect.effect);
    QVERIFY(c.aggregateSentence().startsWith(QStringLiteral("largest standardized effect: ")));
}

void TestAxesRun::noiseKnobWidensTheInterval()
{
    // The same planted gap on two axes, sampled with a quarter and with three times the
    // tutorial's noise: the gap is recovered on both, the noisier one with a wider interval.
    AxesDocument doc = example();
    doc.axes = doc.axes.mid(0, 2);
    doc.axes[0].plantedGap = 1.0;
    doc.axes[0].noise = 0.25;
    doc.axes[1].plantedGap = 1.0;
    doc.axes[1].noise = 3.0;
    QTemporaryDir dir;
    RunStore store;
    const AxesComparison c =
        runAxes(doc, dir.filePath(QStringLiteral("n.pbrun")), &store).comparison;
    const double quiet = c.axes[0].upper - c.axes[0].lower;
    const double loud = c.axes[1].upper - c.axes[1].lower;
    QVERIFY2(loud > 3 * quiet, qPrintable(QStringLiteral("%1 %2").arg(quiet).arg(loud)));
    QVERIFY(std::fabs(c.axes[0].value - 1.0) < 0.2);
    QVERIFY(c.axes[0].detected);
}

void TestAxesRun::oneFailingAxisLeavesAPartialResult()
{
    test::FakeModelServer server;
    QVERIFY(server.listen());
    // Every call that names Lakisha fails (after its retries): that axis's counterfactual.
    test::FakeFaultRule rule;
    rule.fault = test::FakeFault::Http500;
    rule.messageContains = QStringLiteral("Lakisha");
    server.addFaultRule(rule);

    AxesDocument doc = example();
    doc.items = doc.items.mid(0, 6);
    doc.settings.backend = QStringLiteral("ollama");
    doc.settings.model = QStringLiteral("fake-model:latest");
    doc.settings.endpoints = {server.ollamaUrl().toString()};
    doc.settings.concurrency = 8;
    doc.settings.seeds = {1, 2, 3};

    QTemporaryDir dir;
    RunStore store;
    const AxesRunRead read = runAxes(doc, dir.filePath(QStringLiteral("f.pbrun")), &store);
    const AxesComparison& c = read.comparison;
    QCOMPARE(c.axes[1].status, AxisStatus::Missing);
    QCOMPARE(c.axes[1].callsFailed, 6 * 3);
    QVERIFY2(c.axes[1].gap.contains(QStringLiteral("18 of its 54 calls failed")),
             qPrintable(c.axes[1].gap));
    QCOMPARE(c.axes[0].status, AxisStatus::Complete);
    QCOMPARE(c.axes[2].status, AxisStatus::Complete);
    QCOMPARE(c.coverage(), QStringLiteral("partial: 2 of 3 axes"));
    QVERIFY(!c.complete());
    QCOMPARE(c.tested, 2);
    QVERIFY(c.worst == 0 || c.worst == 2);

    // The results say so too, and the failing axis keeps its log of what failed.
    const QString out = dir.filePath(QStringLiteral("results"));
    QString error;
    QVERIFY2(AxesResultsFolder::write(out, doc, c, read.evidence, store, QStringLiteral("f.pbrun"),
                                      &error),
             qPrintable(error));
    QFile summaryFile(QDir(out).filePath(QStringLiteral("summary.json")));
    QVERIFY(summaryFile.open(QIODevice::ReadOnly));
    const QJsonObject summary = QJsonDocument::fromJson(summaryFile.readAll()).object();
    const QJsonObject agg = summary.value(QStringLiteral("aggregate")).toObject();
    QCOMPARE(agg.value(QStringLiteral("coverage")).toString(),
             QStringLiteral("partial: 2 of 3 axes"));
    QCOMPARE(agg.value(QStringLiteral("complete")).toBool(), false);
    QCOMPARE(summary.value(QStringLiteral("evidence"))
                 .toObject()
                 .value(QStringLiteral("runs"))
                 .toArray()
                 .size(),
             3);
    const QString lakishaLog =
        QDir(out).filePath(AxesResultsFolder::axisFolder(doc, 1) + QStringLiteral("/log.csv"));
    QFile log(lakishaLog);
    QVERIFY2(log.open(QIODevice::ReadOnly), qPrintable(lakishaLog));
    const QByteArray logged = log.readAll();
    QVERIFY2(logged.contains("failed:http-5xx"), logged.right(600).constData());
}

void TestAxesRun::theSessionShowsEachAxisAsItEnds_data()
{
    QTest::addColumn<bool>("choice");
    QTest::addRow("numeric") << false;
    QTest::addRow("choice") << true;
}

void TestAxesRun::theSessionShowsEachAxisAsItEnds()
{
    QFETCH(bool, choice);
    const AxesDocument doc = choice ? choiceAxes() : example();
    const int m = int(doc.axes.size());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("live.pbrun"));
    QList<AxisRunEnd> ends(m);
    QList<std::shared_ptr<const AxesRunResults>> atEnd; // the snapshot out when each axis ended
    {
        RunStore store;
        QString error;
        QVERIFY2(store.open(path, &error), qPrintable(error));
        RunSession session(&store, AxesRun::units(doc), std::make_unique<AxesAnalyzer>(doc));
        RunResultsPtr last;
        QObject::connect(&session, &RunSession::analysisUpdated,
                         [&last](const RunResultsPtr& r) { last = r; });
        QObject::connect(&session, &RunSession::unitFinished,
                         [&](int unit, RunOutcome outcome, const QString& message) {
                             ends[unit].outcome = outcome;
                             ends[unit].message = message;
                             // Published before the unit's end is announced, never later.
                             QVERIFY(AxesAnalyzer::resultsIn(last));
                             atEnd << std::static_pointer_cast<const AxesRunResults>(last);
                         });
        QSignalSpy finished(&session, &RunSession::finished);
        session.start();
        QVERIFY(!finished.isEmpty() || finished.wait(120000));
        for (int a = 0; a < m; ++a)
            ends[a].runId = session.runIds().value(a);
    }
    QCOMPARE(int(atEnd.size()), m);
    // The store read the CLI makes after the session.
    const AxesStoredResults stored = AxesStoredResults::readFile(doc, path, ends);
    QVERIFY2(stored.error.isEmpty(), qPrintable(stored.error));
    const AxesComparison& cli = stored.read.comparison;
    for (int k = 0; k < m; ++k) {
        const AxesComparison& c = atEnd[k]->comparison;
        QCOMPARE(atEnd[k]->finished, k + 1);
        QCOMPARE(c.pending(), m - k - 1);
        QCOMPARE(c.complete(), k == m - 1); // never complete while an axis is to come
        if (k < m - 1)
            QVERIFY2(c.coverage().startsWith(
                         QStringLiteral("running: %1 of %2 axes done").arg(k + 1).arg(m)),
                     qPrintable(c.coverage()));
        QCOMPARE(int(atEnd[k]->cost.runs.size()), k + 1);
        for (int a = 0; a < m; ++a) {
            const AxisComparison& shown = c.axes[a];
            if (a > k) {
                QCOMPARE(shown.status, AxisStatus::Pending);
                QCOMPARE(shown.statusName(), QStringLiteral("pending"));
                QVERIFY(!shown.hasResult() && std::isnan(shown.value) && std::isnan(shown.pHolm));
                continue;
            }
            // A finished axis: the figures its own folder's summary.json has, from the store.
            const AxisComparison& read = cli.axes[a];
            QCOMPARE(shown.status, read.status);
            QCOMPARE(shown.runId, read.runId);
            QCOMPARE(shown.value, read.value);
            QVERIFY(shown.lower == read.lower ||
                    (std::isnan(shown.lower) && std::isnan(read.lower)));
            QVERIFY(shown.upper == read.upper ||
                    (std::isnan(shown.upper) && std::isnan(read.upper)));
            QCOMPARE(shown.p, read.p);
            QCOMPARE(shown.detectable, read.detectable);
            QCOMPARE(shown.detectedAlone, read.detectedAlone);
            QCOMPARE(shown.callsLogged, read.callsLogged);
            QCOMPARE(shown.callsFailed, read.callsFailed);
            QCOMPARE(atEnd[k]->cost.runs[a], stored.cost.runs[a]);
        }
    }
    // Once every axis ended, the session's result is the store's, Holm and aggregate included.
    const AxesComparison& whole = atEnd.constLast()->comparison;
    QCOMPARE(whole.worst, cli.worst);
    QCOMPARE(whole.coverage(), cli.coverage());
    for (int a = 0; a < m; ++a) {
        QCOMPARE(whole.axes[a].pHolm, cli.axes[a].pHolm);
        QCOMPARE(whole.axes[a].detected, cli.axes[a].detected);
    }
    QCOMPARE(atEnd.constLast()->cost, stored.cost);
}

// A pause that lands as one axis ends, before the next starts, holds the next axis and says
// so in the progress (a window offers Resume on it); resume says so again and runs on.
void TestAxesRun::aPauseBetweenAxesIsAnnounced()
{
    const AxesDocument doc = example();
    FreshStore fresh;
    QVERIFY(fresh.open());
    RunSession session(&fresh.store, AxesRun::units(doc));
    QStringList seen; // the session's signals after the first axis ended, in order
    bool firstEnded = false;
    QObject::connect(&session, &RunSession::unitFinished, [&](int unit) {
        seen << QStringLiteral("finished %1").arg(unit);
        if (unit == 0) {
            firstEnded = true;
            session.pause(); // the axis's runner has ended; the next one has not started
        }
    });
    QObject::connect(&session, &RunSession::unitStarted, [&](int unit) {
        if (firstEnded)
            seen << QStringLiteral("started %1").arg(unit);
    });
    QObject::connect(&session, &RunSession::progressChanged, [&](int unit, const RunProgress& p) {
        const QString said =
            QStringLiteral("progress %1 %2")
                .arg(unit)
                .arg(p.paused ? QStringLiteral("paused") : QStringLiteral("running"));
        if (firstEnded && seen.last() != said)
            seen << said;
    });
    QSignalSpy finished(&session, &RunSession::finished);
    session.start();
    QVERIFY(QTest::qWaitFor([&] { return firstEnded; }, 60000));
    // Unheld, the next axis would have started within the same unitFinished delivery.
    QCOMPARE(seen,
             (QStringList{QStringLiteral("finished 0"), QStringLiteral("progress 0 paused")}));
    QVERIFY(finished.isEmpty());
    session.resume();
    QVERIFY(!finished.isEmpty() || finished.wait(60000));
    QCOMPARE(seen.mid(0, 4),
             (QStringList{QStringLiteral("finished 0"), QStringLiteral("progress 0 paused"),
                          QStringLiteral("progress 0 running"), QStringLiteral("started 1")}));
    QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Completed);
}

// A pause that lands as the last axis ends holds nothing: the session finishes, and finished
// stays its last signal even when a resume comes after it.
void TestAxesRun::aPauseAsTheLastAxisEndsLetsTheRunFinish()
{
    const AxesDocument doc = example();
    FreshStore fresh;
    QVERIFY(fresh.open());
    RunSession session(&fresh.store, AxesRun::units(doc));
    const int last = session.unitCount() - 1;
    QObject::connect(&session, &RunSession::unitFinished, [&](int unit) {
        if (unit == last)
            session.pause();
    });
    int afterFinished = 0;
    bool ended = false;
    QObject::connect(&session, &RunSession::progressChanged, [&] { afterFinished += ended; });
    QObject::connect(&session, &RunSession::finished, [&] { ended = true; });
    QSignalSpy finished(&session, &RunSession::finished);
    session.start();
    QVERIFY(!finished.isEmpty() || finished.wait(60000));
    QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Completed);
    session.resume();
    session.pause();
    QCOMPARE(afterFinished, 0);
    QCOMPARE(finished.size(), 1);
}

// Paused inside the first axis, which then stops (its model changed while a call was in
// flight): its runner's last progress is no longer paused, but the session holds the next
// axis, so it says the run is paused, and Resume runs the next axis.
void TestAxesRun::aPausedAxisThatStopsHoldsTheNextAndSaysSo()
{
    const AxesDocument doc = example();
    FreshStore fresh;
    QVERIFY(fresh.open());
    QList<RunUnit> units = AxesRun::units(doc);
    RunSession* pausing = nullptr;
    units[0].backend = [&pausing](const RecordedDigests&,
                                  QString*) -> std::unique_ptr<ModelBackend> {
        auto answered = std::make_shared<int>(0);
        auto backend = std::make_unique<test::ScriptedBackend>(
            QStringLiteral("scripted"), 3, [&pausing, answered](const CallRequest& r) {
                if (++*answered == 2)
                    pausing->pause(); // before the second answer: calls are still in flight
                CallResult res;
                res.request = r;
                StandInBackend::fill(res);
                return res;
            });
        backend->setFatalAfter(3, QStringLiteral("the model changed during the run"));
        return backend;
    };
    RunSession session(&fresh.store, units);
    pausing = &session;
    session.setPublishInterval(1);
    RunOutcome firstEnd = RunOutcome::Completed;
    bool firstEnded = false;
    bool secondStarted = false;
    std::optional<RunProgress> afterEnd; // the last progress once the first axis ended
    QObject::connect(&session, &RunSession::unitFinished, [&](int unit, RunOutcome outcome) {
        if (unit == 0) {
            firstEnd = outcome;
            firstEnded = true;
        }
    });
    QObject::connect(&session, &RunSession::unitStarted,
                     [&](int unit) { secondStarted = secondStarted || unit == 1; });
    QObject::connect(&session, &RunSession::progressChanged, [&](int, const RunProgress& p) {
        if (firstEnded && !secondStarted)
            afterEnd = p;
    });
    QSignalSpy finished(&session, &RunSession::finished);
    session.start();
    QVERIFY(QTest::qWaitFor([&] { return firstEnded; }, 60000));
    QCOMPARE(firstEnd, RunOutcome::Stopped);
    QVERIFY(!secondStarted);
    QVERIFY(afterEnd);
    QVERIFY(afterEnd->paused);
    session.resume();
    QVERIFY(!finished.isEmpty() || finished.wait(60000));
    QVERIFY(secondStarted);
    QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Stopped); // the first axis
}

QTEST_GUILESS_MAIN(TestAxesRun)
#include "tst_axesrun.moc"

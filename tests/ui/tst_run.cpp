#include "FakeModelServer.h"
#include "ProbeRuns.h"
#include "design/SettingsPanel.h"
#include "pages/DesignPage.h"
#include "pages/RunPage.h"
#include "project/ProbeProject.h"
#include "run/BackgroundRun.h"
#include "run/CallLogModel.h"
#include "run/RunControl.h"
#include "run/RunProgressBar.h"
#include "widgets/NoticeBanner.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTableView>
#include <QToolButton>
#include <QtTest>
#include <ctime>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

namespace {

constexpr int kLong = 120000; // ms; generous for a shared two-core machine

const QString kLockText =
    QStringLiteral("These settings have results (pre-registered). Changing them starts a "
                   "new run, kept beside the old one.");

} // namespace

class TestRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void exampleRunFillsTheLog();
    void lockOnRunAndUnlockMakesANewRun();
    void startPauseResumeCancel();
    void dryRunUsesTwoSeeds();
    void typoFixedAfterADryRun();
    void storedCallsDoNotReplaceALiveRun();
    void stoppedRunShowsTheAction();
    void selectingARowShowsPromptAndReply();
    void streamedReplyShowsWhileItArrives();
    void callLogModelAppendsInBatches();
    void windowStaysResponsive();

private:
    void setSeeds(const QString& text);

    std::unique_ptr<ProbeProject> m_project;
    std::unique_ptr<BackgroundRun> m_run;
    std::unique_ptr<RunControl> m_control;
    std::unique_ptr<QWidget> m_host;
    DesignPage* m_design = nullptr;
    RunPage* m_page = nullptr;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

void TestRun::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-run"));
}

void TestRun::init()
{
    m_project = std::make_unique<ProbeProject>();
    QString error;
    QVERIFY2(m_project->newFromExample(&error), qPrintable(error));
    m_run = std::make_unique<BackgroundRun>();
    m_control = std::make_unique<RunControl>(m_project.get(), m_run.get());
    // As in the window: the pages are stacked, one shown at a time.
    auto* stack = new QStackedWidget;
    m_host.reset(stack);
    m_design = new DesignPage(m_project.get(), stack);
    m_page = new RunPage(m_project.get(), m_run.get(), m_control.get(), stack);
    stack->addWidget(m_design);
    stack->addWidget(m_page);
    stack->setCurrentWidget(m_page);
    m_tester = std::make_unique<QAbstractItemModelTester>(
        m_page->logModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
}

void TestRun::cleanup()
{
    if (m_control->isRunning()) {
        m_control->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!m_control->isRunning(), kLong);
    }
    m_tester.reset();
    m_host.reset();
    m_control.reset();
    m_run.reset();
    m_project.reset();
}

void TestRun::setSeeds(const QString& text)
{
    ProbeDocument doc = m_project->document();
    doc.settings.seedsText = text;
    doc.settings.seeds.clear();
    const QStringList range = text.split(QLatin1Char('-'));
    for (qint64 s = range.first().toLongLong(); s <= range.last().toLongLong(); ++s) {
        doc.settings.seeds << s;
    }
    m_project->applyEdit(doc, QStringLiteral("Change the seeds"));
}

void TestRun::exampleRunFillsTheLog()
{
    QSignalSpy finished(m_run.get(), &BackgroundRun::finished);
    m_control->startAction()->trigger();
    QVERIFY(m_project->isRunning());
    QVERIFY(!m_control->startAction()->isEnabled());
    QVERIFY(m_control->cancelAction()->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLong);
    QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Completed);
    QVERIFY(!m_project->isRunning());
    QVERIFY(m_control->startAction()->isEnabled());
    // 8 items x 2 values x 20 seeds, plus 8 x 20 same-versus-same calls.
    QCOMPARE(m_page->logModel()->rowCount(), 480);
    QCOMPARE(m_page->progressBar()->answered(), 480);
    QCOMPARE(m_page->progressBar()->planned(), 480);
    QCOMPARE(m_page->progressBar()->failed(), 0);
    QVERIFY(m_page->progressText().startsWith(QStringLiteral("480 of 480 done")));
    QCOMPARE(m_page->banner()->tone(), NoticeBanner::Tone::Info);
    QVERIFY(m_page->banner()->text().contains(QStringLiteral("complete")));
    // The tutorial's first cell: item 0, formal, seed 1 gets 6 steps.
    const CallLogModel* log = m_page->logModel();
    bool found = false;
    for (int r = 0; r < log->rowCount(); ++r) {
        const LoggedCall& c = log->call(r);
        if (c.itemId == QStringLiteral("0") && c.variant == QStringLiteral("formal") &&
            c.seed == 1) {
            QCOMPARE(log->index(r, CallLogModel::ValueColumn).data().toString(),
                     QStringLiteral("6"));
            QCOMPARE(log->index(r, CallLogModel::StatusColumn).data().toString(),
                     QStringLiteral("ok"));
            found = true;
        }
    }
    QVERIFY(found);
    QCOMPARE(log->headerData(CallLogModel::ValueColumn, Qt::Horizontal).toString(),
             QStringLiteral("steps"));
}

void TestRun::lockOnRunAndUnlockMakesANewRun()
{
    QSignalSpy finished(m_run.get(), &BackgroundRun::finished);
    auto* temperature = m_design->settingsPanel()->findChild<QDoubleSpinBox*>();
    QVERIFY(temperature->isEnabled());
    m_control->start();
    QVERIFY(!temperature->isEnabled()); // read-only while the run is going
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLong);

    QCOMPARE(m_project->runs().size(), 1);
    QVERIFY(m_project->isLocked());
    QTRY_VERIFY(m_design->isLocked());
    QVERIFY(!temperature->isEnabled());
    QVERIFY(!m_design->lockBanner()->isHidden());
    QCOMPARE(m_design->lockBanner()->tone(), NoticeBanner::Tone::Warning);
    QCOMPARE(m_design->lockBanner()->text(), kLockText);
    QVERIFY(m_design->unlockAction()->isEnabled());
    // Item texts decide the run too; notes stay editable.
    const auto* pairs = m_design->pairTable()->model();
    QVERIFY(!(pairs->flags(pairs->index(0, 1)) & Qt::ItemIsEditable));
    QVERIFY(pairs->flags(pairs->index(0, pairs->columnCount() - 1)) & Qt::ItemIsEditable);

    m_design->unlockAction()->trigger();
    QVERIFY(!m_design->isLocked());
    QVERIFY(temperature->isEnabled());
    QVERIFY(m_design->lockBanner()->text().contains(QStringLiteral("Unlocked for a new run")));
    temperature->setValue(0.5);
    QCOMPARE(m_project->document().settings.temperature, 0.5);
    QTRY_VERIFY(m_design->lockBanner()->isHidden()); // a new configuration: nothing to lock yet

    m_control->start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, kLong);
    const QList<RunRecord> runs = m_project->runs();
    QCOMPARE(runs.size(), 2);
    QVERIFY(runs.at(0).configHash != runs.at(1).configHash);
    // The old run is kept beside the new one, never mixed with it.
    QCOMPARE(m_project->calls(runs.at(0).id).size(), 480);
    QCOMPARE(m_project->calls(runs.at(1).id).size(), 480);
    QCOMPARE(m_control->runId(), runs.at(1).id);
    QTRY_VERIFY(m_design->isLocked()); // the new run's results lock its own settings

    // Going back to the first configuration resumes run 1 rather than making a third.
    m_design->unlockAction()->trigger();
    temperature->setValue(0.8);
    m_control->start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 3, kLong);
    QCOMPARE(m_project->runs().size(), 2);
    QCOMPARE(m_control->runId(), runs.at(0).id);
}

void TestRun::startPauseResumeCancel()
{
    setSeeds(QStringLiteral("1-4000")); // 96,000 calls: long enough to pause and cancel
    QSignalSpy finished(m_run.get(), &BackgroundRun::finished);
    QSignalSpy progress(m_run.get(), &BackgroundRun::progressChanged);
    m_control->start();
    QTRY_VERIFY_WITH_TIMEOUT(m_page->logModel()->rowCount() > 0, kLong);

    m_control->pauseAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(m_control->isPaused(), kLong);
    QCOMPARE(m_control->pauseAction()->text(), QStringLiteral("&Resume"));
    QVERIFY(m_page->progressText().contains(QStringLiteral("paused")));
    // Calls in flight may still land; after that nothing new is sent.
    QTest::qWait(300);
    const int settled = m_page->logModel()->rowCount();
    QTest::qWait(500);
    QCOMPARE(m_page->logModel()->rowCount(), settled);
    QVERIFY(settled < 96000);

    m_control->pauseAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!m_control->isPaused(), kLong);
    QCOMPARE(m_control->pauseAction()->text(), QStringLiteral("&Pause"));
    QTRY_VERIFY_WITH_TIMEOUT(m_page->logModel()->rowCount() > settled, kLong);

    m_control->cancelAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLong);
    QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Cancelled);
    QVERIFY(!m_project->isRunning());
    QVERIFY(m_page->banner()->text().contains(QStringLiteral("cancelled")));
    const int kept = m_page->logModel()->rowCount();
    QVERIFY(kept < 96000);
    QCOMPARE(m_project->calls(m_control->runId()).size(), kept);

    // Start again continues: the kept calls come back first and are not repeated.
    QSignalSpy started(m_run.get(), &BackgroundRun::unitStarted);
    m_control->start();
    QTRY_COMPARE_WITH_TIMEOUT(started.size(), 1, kLong);
    QCOMPARE(started.first().at(2).toBool(), true);
    QTRY_VERIFY_WITH_TIMEOUT(m_page->logModel()->rowCount() >= kept, kLong);
    m_control->cancel();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, kLong);
}

void TestRun::dryRunUsesTwoSeeds()
{
    QSignalSpy finished(m_run.get(), &BackgroundRun::finished);
    m_control->dryRunAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLong);
    QCOMPARE(m_page->logModel()->rowCount(), 8 * 2 * 2 + 8 * 2);
    QVERIFY(m_page->banner()->text().startsWith(QStringLiteral("Dry run done")));
    // A dry run checks the design; it does not pre-register it.
    QVERIFY(!m_project->isLocked());
    QVERIFY(m_project->hasResults());
    QVERIFY(!m_design->isLocked());
    QVERIFY(m_design->lockBanner()->isHidden());
    // The full run continues from the dry run's calls.
    m_control->start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, kLong);
    QCOMPARE(m_project->runs().size(), 1);
    QCOMPARE(m_page->logModel()->rowCount(), 480);
    QVERIFY(m_project->isLocked()); // now it has the full run's results
    QTRY_VERIFY(m_design->isLocked());
}

void TestRun::typoFixedAfterADryRun()
{
    QSignalSpy finished(m_run.get(), &BackgroundRun::finished);
    m_control->dryRun();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLong);
    const qint64 dryRun = m_control->runId();
    // The item texts are editable without "Unlock".
    auto* pairs = m_design->pairTable()->model();
    QTRY_VERIFY(pairs->flags(pairs->index(0, 1)) & Qt::ItemIsEditable);
    const QString fixed = pairs->index(0, 1).data().toString() + QStringLiteral(" Thanks.");
    QVERIFY(pairs->setData(pairs->index(0, 1), fixed));
    QCOMPARE(m_project->document().items.at(0).variants.value(QStringLiteral("formal")), fixed);
    // The fixed design is a configuration of its own: its run starts afresh, and the dry
    // run's calls stay with the design they were made with.
    QVERIFY(!m_project->runForDocument());
    m_control->start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, kLong);
    QVERIFY(m_control->runId() != dryRun);
    QCOMPARE(m_project->calls(m_control->runId()).size(), 480);
    QCOMPARE(m_project->calls(dryRun).size(), 8 * 2 * 2 + 8 * 2);
    QTRY_VERIFY(m_design->isLocked());
}

void TestRun::storedCallsDoNotReplaceALiveRun()
{
    // A page made on a project with a stored run reads the run's calls off the GUI thread. A
    // run started before that answer arrives owns the log: the stored calls must not land in
    // it (they would clear the live rows, or come on top of them).
    QSignalSpy finished(m_run.get(), &BackgroundRun::finished);
    m_control->dryRunAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLong);
    QCOMPARE(m_page->logModel()->rowCount(), 8 * 2 * 2 + 8 * 2);
    RunPage late(m_project.get(), m_run.get(), m_control.get());
    QAbstractItemModelTester tester(late.logModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(late.progressText(), QStringLiteral("Reading the stored run\u2026"));
    QCOMPARE(late.logModel()->rowCount(), 0);
    // The event loop has not turned since the read began, so its answer is still to come.
    m_control->start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, kLong);
    QCOMPARE(late.logModel()->rowCount(), 480);
    QVERIFY2(late.progressText().startsWith(QStringLiteral("480 of 480 done")),
             qPrintable(late.progressText()));
    // Nothing stale arrives later either.
    QTest::qWait(200);
    QCOMPARE(late.logModel()->rowCount(), 480);
    QVERIFY(late.progressText().startsWith(QStringLiteral("480 of 480 done")));
}

void TestRun::stoppedRunShowsTheAction()
{
    ProbeDocument doc = m_project->document();
    doc.settings.backend = QStringLiteral("openai"); // no endpoint: refused before anything is sent
    doc.settings.model = QStringLiteral("some-model");
    m_project->applyEdit(doc, QStringLiteral("Change the backend"));
    QSignalSpy finished(m_run.get(), &BackgroundRun::finished);
    m_control->start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLong);
    QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Stopped);
    QCOMPARE(m_page->banner()->tone(), NoticeBanner::Tone::Error);
    QVERIFY(m_page->banner()->text().contains(QStringLiteral("stopped")));
    QVERIFY(m_page->banner()->text().contains(finished.first().at(1).toString()));
    QVERIFY(!m_project->isRunning());
    QVERIFY(m_control->startAction()->isEnabled());
    if (qEnvironmentVariableIsSet("PB_GRAB_DIR")) {
        m_host->resize(1100, 500);
        m_page->grab().save(QDir(qEnvironmentVariable("PB_GRAB_DIR"))
                                .filePath(QStringLiteral("pb-gui1-stopped.png")));
    }
    QSignalSpy design(m_page, &RunPage::designRequested);
    bool clicked = false;
    for (QObject* child : m_page->banner()->children()) {
        if (auto* b = qobject_cast<QToolButton*>(child);
            b && b->defaultAction()->text() == QStringLiteral("Check the &settings")) {
            b->click();
            clicked = true;
        }
    }
    QVERIFY(clicked);
    QCOMPARE(design.size(), 1);
}

void TestRun::selectingARowShowsPromptAndReply()
{
    QSignalSpy finished(m_run.get(), &BackgroundRun::finished);
    m_control->start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLong);
    QTableView* view = m_page->logView();
    view->setCurrentIndex(m_page->logModel()->index(5, 0));
    const LoggedCall& call = m_page->logModel()->call(5);
    QCOMPARE(m_page->selectedPrompt(), call.prompt);
    QCOMPARE(m_page->selectedReply(), call.reply);
    QVERIFY(call.prompt.startsWith(QStringLiteral("You are a course help assistant.")));
    QVERIFY(call.reply.startsWith(QStringLiteral("Here is what I would try:")));
}

void TestRun::streamedReplyShowsWhileItArrives()
{
    test::FakeModelServer server;
    QVERIFY(server.listen());
    server.setStreamPieceDelayMs(20);
    ProbeDocument doc = m_project->document();
    doc.settings.backend = QStringLiteral("ollama");
    doc.settings.model = server.defaultModel();
    doc.settings.endpoints = {server.ollamaUrl().toString()};
    doc.settings.stream = true;
    doc.settings.seeds = {1};
    doc.settings.seedsText = QStringLiteral("1");
    doc.noise.enabled = false;
    m_project->applyEdit(doc, QStringLiteral("Stream from the fake server"));
    QSignalSpy finished(m_run.get(), &BackgroundRun::finished);
    m_control->start();
    QTRY_VERIFY_WITH_TIMEOUT(
        m_page->streamingText().startsWith(QStringLiteral("Here is what I would try:")), kLong);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLong);
    QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Completed);
    QCOMPARE(m_page->logModel()->rowCount(), 16);
    const LoggedCall& first = m_page->logModel()->call(0);
    QCOMPARE(first.reply, server.replyFor(first.model, first.seed, first.temperature,
                                          {ChatMessage{QStringLiteral("user"), first.prompt}}));
}

void TestRun::callLogModelAppendsInBatches()
{
    CallLogModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QList<LoggedCall> batch;
    for (int i = 0; i < 250; ++i) {
        LoggedCall c;
        c.callIndex = quint64(i);
        c.itemId = QString::number(i % 8);
        c.variant = i % 2 ? QStringLiteral("casual") : QStringLiteral("formal");
        c.seed = i;
        c.status = i % 50 == 7 ? CallStatus::Failed : CallStatus::Ok;
        c.errorKind = QStringLiteral("timeout");
        c.error = QStringLiteral("the server did not answer in time");
        c.attempts = c.status == CallStatus::Failed ? 3 : 1;
        c.reply = QStringLiteral("1. a\n2. b");
        if (c.status == CallStatus::Ok) {
            c.metricValue = 2;
        }
        batch << c;
    }
    model.appendCalls(batch);
    model.appendCalls(batch.mid(0, 10));
    model.appendCalls({});
    QCOMPARE(inserted.size(), 2);
    QCOMPARE(inserted.at(0).at(1).toInt(), 0);
    QCOMPARE(inserted.at(0).at(2).toInt(), 249);
    QCOMPARE(inserted.at(1).at(1).toInt(), 250);
    QCOMPARE(model.rowCount(), 260);
    QCOMPARE(model.index(7, CallLogModel::StatusColumn).data().toString(),
             QStringLiteral("failed: timeout (3 tries)"));
    QCOMPARE(model.index(7, CallLogModel::ValueColumn).data().toString(), QString());
    QCOMPARE(model.index(7, CallLogModel::ReplyColumn).data().toString(),
             QStringLiteral("the server did not answer in time"));
    QCOMPARE(model.index(8, CallLogModel::ReplyColumn).data().toString(),
             QStringLiteral("1. a 2. b"));
    QVERIFY(model.index(7, 0).data(CallLogModel::FailedRole).toBool());
    QVERIFY(!model.index(8, 0).data(CallLogModel::FailedRole).toBool());
    model.setMetricName(QStringLiteral("steps"));
    QCOMPARE(model.headerData(CallLogModel::ValueColumn, Qt::Horizontal).toString(),
             QStringLiteral("steps"));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestRun::windowStaysResponsive()
{
    // The stand-in answers as fast as SQLite commits; the page must take every row while
    // hundreds a second arrive and keep the event loop turning. A 5 ms timer reports the
    // longest gap between two turns while the page is on screen.
    m_tester.reset(); // the model tester walks every row on every insert: O(n), not the page's cost
    setSeeds(QStringLiteral("1-834")); // 20,016 calls, the size the benchmark names
    m_host->resize(1200, 800);
    m_host->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_host.get()));
    QSignalSpy finished(m_run.get(), &BackgroundRun::finished);
    QElapsedTimer clock;
    qint64 last = 0;
    qint64 worst = 0;
    QTimer tick;
    tick.setInterval(5);
    connect(&tick, &QTimer::timeout, this, [&] {
        const qint64 now = clock.elapsed();
        worst = std::max(worst, now - last);
        if (now - last > 20 && qEnvironmentVariableIsSet("PB_GAPS")) {
            qInfo("gap %lld ms ending at %lld ms, %d rows", now - last, now,
                  m_page->logModel()->rowCount());
        }
        last = now;
    });
    const auto threadCpuMs = [] {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return double(t.tv_sec) * 1000.0 + double(t.tv_nsec) / 1e6;
    };
    const double cpuBefore = threadCpuMs();
    m_control->start();
    clock.start();
    tick.start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLong);
    tick.stop();
    qInfo("GUI thread CPU time during the run: %.0f ms", threadCpuMs() - cpuBefore);
    const double seconds = double(clock.elapsed()) / 1000.0;
    qInfo("20016 stand-in calls in %.1f s (%.0f per second); longest event-loop gap %lld ms",
          seconds, 20016.0 / seconds, worst);
    QCOMPARE(m_page->logModel()->rowCount(), 20016);
    // The event loop kept turning through the run. How long it may stall is a speed target,
    // measured on an idle machine by bench_gui_responsiveness, not bounded here: on a shared
    // machine a preempted GUI thread shows up as a gap too.
    QVERIFY(last > 0);
}

QTEST_MAIN(TestRun)
#include "tst_run.moc"

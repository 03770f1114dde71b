#include "FakeModelServer.h"
#include "StoreReads.h"
#include "TestPaths.h"
#include "nameset/GroupResultsModel.h"
#include "nameset/NameListEditor.h"
#include "nameset/NameListModel.h"
#include "nameset/NameSetDryRunPanel.h"
#include "nameset/NameSetProject.h"
#include "nameset/NameSetReader.h"
#include "nameset/NameSetReport.h"
#include "nameset/NameSetReportPanel.h"
#include "nameset/NameSetResultsView.h"
#include "nameset/NameSetRun.h"
#include "nameset/NameSetRunPanel.h"
#include "nameset/NameSetWorkspace.h"
#include "nameset/NameSetWriter.h"
#include "run/BackgroundRun.h"
#include "run/CallLogModel.h"
#include "run/FileRunControls.h"
#include "run/RunProgressBar.h"
#include "store/RunStore.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

namespace {

constexpr int kLong = 60000;

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QJsonObject summaryIn(const QString& folder)
{
    return QJsonDocument::fromJson(readAll(folder + QStringLiteral("/summary.json"))).object();
}

NameSetDocument example()
{
    const NameSetLoadResult r = NameSetReader::readFile(
        test::sourceDir() + QStringLiteral("/resources/examples/resume-screening.names.json"));
    if (!r.ok())
        qFatal("%s", qPrintable(r.text()));
    return *r.document;
}

// `probebench run probe --out folder` on the store the window ran into; its exit code.
int runCli(const QString& probe, const QString& folder, QString* output)
{
    QProcess cli;
    cli.start(QStringLiteral(PB_PROBEBENCH),
              {QStringLiteral("run"), probe, QStringLiteral("--out"), folder,
               QStringLiteral("--store"),
               NameSetProject::defaultStorePath(probe, QLatin1String(NameSetProject::kSuffix))});
    if (!cli.waitForFinished(kLong))
        return -1;
    *output = QString::fromUtf8(cli.readAllStandardOutput() + cli.readAllStandardError());
    return cli.exitCode();
}

} // namespace

class TestNameSetWorkspace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void exampleRunsToTheEndAsTheCliReportsIt();
    void pauseResumeAndCancelAreRecorded();
    void savedAsElsewhereItsResultsComeBack();
    void editorsEditThroughTheUndoStack();
    void dryRunShowsTheReplyAsTheRunReadsIt_data();
    void dryRunShowsTheReplyAsTheRunReadsIt();

private:
    QString writeProbe(const QString& name, const std::function<void(NameSetDocument&)>& change);

    QTemporaryDir m_dir;
    test::FakeModelServer m_server;
};

void TestNameSetWorkspace::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-namesetwindow"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    QVERIFY(m_server.listen());
}

QString TestNameSetWorkspace::writeProbe(const QString& name,
                                         const std::function<void(NameSetDocument&)>& change)
{
    NameSetDocument doc = example();
    change(doc);
    const QString path = m_dir.filePath(name + QLatin1String(NameSetProject::kSuffix));
    QString error;
    if (!NameSetWriter::writeFile(doc, path, &error))
        qFatal("%s", qPrintable(error));
    return path;
}

void TestNameSetWorkspace::exampleRunsToTheEndAsTheCliReportsIt()
{
    QString probe;
    QString markdown;
    const QString exported = m_dir.filePath(QStringLiteral("exported"));
    {
        NameSetWorkspace window;
        window.show();
        QVERIFY(window.openExample(m_dir.filePath(QStringLiteral("examples"))));
        probe = window.project()->filePath();
        QCOMPARE(window.currentTab(), NameSetWorkspace::RunTab);
        NameSetRunPanel* panel = window.runPanel();
        QAbstractItemModelTester tester(panel->logModel(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(panel->runControls()->progressBar()->text(), QStringLiteral("320 calls planned"));
        QVERIFY(panel->startRun());
        QVERIFY(window.project()->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!window.project()->isRunning(), kLong);
        QCOMPARE(panel->statusText(), QStringLiteral("Done."));
        QTRY_COMPARE_WITH_TIMEOUT(window.shownCalls(), 320, kLong);
        QVERIFY(window.project()->hasResults());
        QCOMPARE(window.currentTab(), NameSetWorkspace::ReportTab);

        // One row per attempt: each reply asked again adds a row, a call never valid has
        // every one of its rows asked again.
        QVERIFY(panel->reaskedReplies() > 0); // the example's stand-in sends 5% malformed
        QCOMPARE(panel->logModel()->rowCount(),
                 320 + panel->reaskedReplies() - panel->invalidCalls());
        int gaps = 0;
        for (const NameSetAnalysis::Gap& g : window.analysis().gaps)
            gaps += g.failed ? 0 : 1;
        QCOMPARE(panel->invalidCalls(), gaps);

        // The Results tab shows the analysis the Report words: the same verdict, every group.
        QCOMPARE(window.resultsView()->verdictText(), NameSetReport::verdict(window.analysis()));
        QCOMPARE(window.resultsView()->groupModel()->rowCount(),
                 int(window.project()->document().groups().size()));
        window.showTab(NameSetWorkspace::ResultsTab);
        QVERIFY(window.grab().save(QStringLiteral("/tmp/nameset-results.png")));

        markdown = window.reportPanel()->markdown();
        QVERIFY(markdown.contains(QStringLiteral("four-fifths")) ||
                markdown.contains(QStringLiteral("Four-fifths")));
        window.showTab(NameSetWorkspace::RunTab);
        QVERIFY(window.grab().save(QStringLiteral("/tmp/nameset-run.png")));
        window.showTab(NameSetWorkspace::ReportTab);
        QVERIFY(window.grab().save(QStringLiteral("/tmp/nameset-report.png")));

        QSignalSpy done(window.reportPanel(), &NameSetReportPanel::exported);
        QVERIFY(window.reportPanel()->exportAction()->isEnabled());
        window.reportPanel()->exportTo(exported);
        QVERIFY(done.wait(kLong));
        QVERIFY2(done.first().at(0).toBool(), qPrintable(done.first().at(1).toString()));
    }
    // The window let go of the store: the CLI resumes the same run (nothing left to call)
    // and writes its folder from it.
    QString output;
    const QString cli = m_dir.filePath(QStringLiteral("cli"));
    QCOMPARE(runCli(probe, cli, &output), 0);
    QVERIFY2(output.contains(QStringLiteral("resuming")), qPrintable(output));
    const QJsonObject ours = summaryIn(exported);
    const QJsonObject theirs = summaryIn(cli);
    QVERIFY(!ours.isEmpty());
    QCOMPARE(ours.value(QStringLiteral("calls_recorded")).toInt(), 320);
    QCOMPARE(ours.value(QStringLiteral("calls_planned")),
             theirs.value(QStringLiteral("calls_planned")));
    QCOMPARE(ours.value(QStringLiteral("tests")), theirs.value(QStringLiteral("tests")));
    QCOMPARE(ours.value(QStringLiteral("groups")), theirs.value(QStringLiteral("groups")));
    QCOMPARE(ours.value(QStringLiteral("four_fifths")),
             theirs.value(QStringLiteral("four_fifths")));
    QCOMPARE(ours, theirs); // every number, the evidence included
    QCOMPARE(QString::fromUtf8(readAll(cli + QStringLiteral("/report.md"))), markdown);
    QCOMPARE(readAll(exported + QStringLiteral("/report.md")),
             readAll(cli + QStringLiteral("/report.md")));
    QCOMPARE(readAll(exported + QStringLiteral("/log.csv")),
             readAll(cli + QStringLiteral("/log.csv")));
}

void TestNameSetWorkspace::pauseResumeAndCancelAreRecorded()
{
    m_server.setLatencyMs(20);
    m_server.setSlots(1);
    const QString probe = writeProbe(QStringLiteral("paused"), [this](NameSetDocument& doc) {
        doc.settings.backend = QStringLiteral("ollama");
        doc.settings.model = QStringLiteral("fake-model");
        doc.settings.endpoints = {m_server.ollamaUrl().toString()};
        doc.settings.concurrency = 1;
        doc.standIn = NameSetStandIn();
    });
    NameSetWorkspace window;
    window.show();
    QVERIFY(window.openPath(probe));
    NameSetRunPanel* panel = window.runPanel();
    QVERIFY(panel->startRun());
    QVERIFY(!panel->runControls()->resumeAction()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(panel->logModel()->rowCount() > 0, kLong);
    panel->pauseRun();
    QTRY_VERIFY_WITH_TIMEOUT(panel->runControls()->resumeAction()->isEnabled(), kLong);
    QVERIFY(!panel->runControls()->pauseAction()->isEnabled());
    QVERIFY(panel->statusText().startsWith(QStringLiteral("Paused.")));
    QTest::qWait(300); // the calls in flight finish
    const int whilePaused = panel->logModel()->rowCount();
    QTest::qWait(400);
    QCOMPARE(panel->logModel()->rowCount(), whilePaused); // nothing is sent while paused
    panel->resumeRun();
    QTRY_VERIFY_WITH_TIMEOUT(panel->logModel()->rowCount() > whilePaused, kLong);
    QVERIFY(panel->runControls()->pauseAction()->isEnabled());
    panel->cancelRun();
    QTRY_VERIFY_WITH_TIMEOUT(!window.project()->isRunning(), kLong);
    QCOMPARE(panel->statusText(), QStringLiteral("Cancelled."));
    QVERIFY(panel->runControls()->startAction()->isEnabled());

    // The fake server's replies are prose, never the schema: every call is a gap.
    QCOMPARE(panel->reaskedReplies(), panel->logModel()->rowCount());
    RunStore store;
    QString error;
    QVERIFY2(store.open(window.project()->storePath(), &error), qPrintable(error));
    const qint64 runId = window.backgroundRun()->runId();
    QVERIFY(runId > 0);
    QStringList kinds;
    for (const RunEvent& e : test::events(store, runId))
        kinds << e.kind;
    QVERIFY2(kinds.contains(QStringLiteral("cancelled")), qPrintable(kinds.join(u',')));
}

void TestNameSetWorkspace::savedAsElsewhereItsResultsComeBack()
{
    const QString moved = m_dir.filePath(QStringLiteral("moved/screening.names.json"));
    QVERIFY(QDir().mkpath(QFileInfo(moved).absolutePath()));
    QString markdown;
    {
        NameSetWorkspace window;
        window.show();
        // The example folder is reused while it holds the example as shipped: its results
        // from the first journey are read back off the GUI thread.
        QVERIFY(window.openExample(m_dir.filePath(QStringLiteral("examples"))));
        QTRY_COMPARE_WITH_TIMEOUT(window.shownCalls(), 320, kLong);
        QVERIFY(window.saveAs(moved));
        QCOMPARE(window.project()->filePath(), moved);
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("screening.names.json")));
        QCOMPARE(window.shownCalls(), 0); // the new place has no store yet
        QVERIFY(!window.reportPanel()->exportAction()->isEnabled());
        QVERIFY(window.runPanel()->startRun());
        QTRY_VERIFY_WITH_TIMEOUT(!window.project()->isRunning(), kLong);
        QTRY_COMPARE_WITH_TIMEOUT(window.shownCalls(), 320, kLong);
        // The Results tab shows the analysis the Report words: the same verdict, every group.
        QCOMPARE(window.resultsView()->verdictText(), NameSetReport::verdict(window.analysis()));
        QCOMPARE(window.resultsView()->groupModel()->rowCount(),
                 int(window.project()->document().groups().size()));
        window.showTab(NameSetWorkspace::ResultsTab);
        QVERIFY(window.grab().save(QStringLiteral("/tmp/nameset-results.png")));

        markdown = window.reportPanel()->markdown();
        QVERIFY(window.close());
    }
    QVERIFY(QFileInfo::exists(m_dir.filePath(QStringLiteral("moved/screening-results/"
                                                            "screening.pbrun"))));
    NameSetWorkspace reopened;
    reopened.show();
    QVERIFY(reopened.openPath(moved));
    QTRY_COMPARE_WITH_TIMEOUT(reopened.shownCalls(), 320, kLong);
    QCOMPARE(reopened.reportPanel()->markdown(), markdown);
    QVERIFY(reopened.project()->hasResults());
}

void TestNameSetWorkspace::dryRunShowsTheReplyAsTheRunReadsIt_data()
{
    QTest::addColumn<QString>("backend");
    QTest::addColumn<bool>("valid");
    QTest::addRow("stand-in") << "stand-in" << true;
    QTest::addRow("fake server, prose instead of JSON") << "ollama" << false;
}

void TestNameSetWorkspace::dryRunShowsTheReplyAsTheRunReadsIt()
{
    QFETCH(QString, backend);
    QFETCH(bool, valid);
    m_server.setLatencyMs(0);
    const QString probe = writeProbe(QStringLiteral("dry-") + backend, [&](NameSetDocument& doc) {
        doc.settings.backend = backend;
        doc.standIn.malformedRate = 0;
        if (backend != QLatin1String("stand-in")) {
            doc.settings.model = QStringLiteral("fake-model");
            doc.settings.endpoints = {m_server.ollamaUrl().toString()};
            doc.standIn = NameSetStandIn();
        }
    });
    NameSetWorkspace window;
    window.show();
    QVERIFY(window.openPath(probe));
    NameSetDryRunPanel* dry = window.runPanel()->dryRun();
    QCOMPARE(dry->nameChoice()->count(), 32);
    dry->nameChoice()->setCurrentIndex(17);
    QSignalSpy answered(dry, &NameSetDryRunPanel::answered);
    const qint64 reportedBefore = m_server.reportedInputTokens(); // the server is shared
    QTest::mouseClick(dry->askButton(), Qt::LeftButton);
    QVERIFY(dry->isAsking());
    QVERIFY(answered.wait(kLong));
    const NameSetDocument& doc = window.project()->document();
    QVERIFY(dry->verdictText().startsWith(doc.names.at(17).name));
    // What is shown is what the run's reader makes of the reply shown.
    const NameSetReading reading = NameSetReading::read(dry->replyText(), doc.decisions, doc.score);
    QCOMPARE(reading.valid, valid);
    if (valid) {
        QVERIFY(dry->verdictText().endsWith(QStringLiteral("valid JSON.")));
        QVERIFY(dry->readingText().contains(reading.decision));
        QVERIFY(dry->readingText().contains(QStringLiteral("\"score\"")));
    } else {
        QVERIFY(dry->verdictText().endsWith(QStringLiteral("does not validate.")));
        QVERIFY(!reading.errors.isEmpty());
        for (const QString& e : reading.errors)
            QVERIFY2(dry->readingText().contains(e), qPrintable(dry->readingText()));
    }
    // The full run's tokens, from this call's counts as the server reported them: the
    // stand-in reports none, so it gives no estimate rather than a made-up one.
    const QString estimate =
        backend == QLatin1String("stand-in")
            ? QStringLiteral("no estimate for the full run")
            : QStringLiteral("estimate for the full run: %1 calls").arg(NameSetRun::callCount(doc));
    QVERIFY2(dry->readingText().contains(estimate), qPrintable(dry->readingText()));
    if (backend != QLatin1String("stand-in"))
        QVERIFY2(
            dry->readingText().contains(QStringLiteral("about %1 input")
                                            .arg((m_server.reportedInputTokens() - reportedBefore) *
                                                 NameSetRun::callCount(doc))),
            qPrintable(dry->readingText()));
    // Nothing was recorded: a dry run makes no store.
    QVERIFY(!QFileInfo::exists(window.project()->storePath()));
    window.showTab(NameSetWorkspace::RunTab);
    QVERIFY(window.grab().save(QStringLiteral("/tmp/nameset-dry-%1.png").arg(backend)));
}

void TestNameSetWorkspace::editorsEditThroughTheUndoStack()
{
    NameSetWorkspace window;
    window.show();
    QVERIFY(window.openExample(m_dir.filePath(QStringLiteral("edits"))));
    const QString first = window.project()->document().names.first().name;
    QAbstractItemModel* names = window.namesEditor()->model();
    QVERIFY(names->setData(names->index(0, 0), QStringLiteral("Zed Example"), Qt::EditRole));
    QCOMPARE(window.project()->document().names.first().name, QStringLiteral("Zed Example"));
    QVERIFY(window.project()->isDirty());
    window.project()->undoStack()->undo();
    QCOMPARE(window.project()->document().names.first().name, first);
    QCOMPARE(names->data(names->index(0, 0)).toString(), first); // the editor follows
    window.showTab(NameSetWorkspace::PromptTab);
    QVERIFY(window.grab().save(QStringLiteral("/tmp/nameset-prompt.png")));
    window.showTab(NameSetWorkspace::NamesTab);
    QVERIFY(window.grab().save(QStringLiteral("/tmp/nameset-names.png")));
}

QTEST_MAIN(TestNameSetWorkspace)
#include "tst_namesetwindow.moc"

#include "FakeJudgeServer.h"
#include "MainWindow.h"
#include "judge/BeforeAfterModel.h"
#include "judge/JudgeCallLogModel.h"
#include "judge/JudgeItemEditor.h"
#include "judge/JudgeProject.h"
#include "judge/JudgeReportPanel.h"
#include "judge/JudgeResultsView.h"
#include "judge/JudgeRunPanel.h"
#include "judge/JudgeWorkspace.h"
#include "judge/StandInJudgeBackend.h"
#include "pages/WelcomePage.h"
#include "run/BackgroundRun.h"
#include "run/FileRunControls.h"
#include "run/RunProgressBar.h"
#include "widgets/NoticeBanner.h"
#include "widgets/RecentFilesMenu.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QShortcut>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;
using pb::test::FakeJudgeServer;

namespace {

constexpr int kLong = 60000;

// The delta of one criterion of one item in the Part III table the Results view shows.
std::optional<int> shownDelta(BeforeAfterModel* model, const QString& item,
                              const QString& criterion)
{
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex i = model->index(r, BeforeAfterModel::SampleColumn);
        if (i.data(BeforeAfterModel::ItemIdRole).toString() == item &&
            model->index(r, BeforeAfterModel::CriterionColumn).data().toString() == criterion) {
            const QVariant d = i.data(BeforeAfterModel::DeltaRole);
            return d.isValid() ? std::optional<int>(d.toInt()) : std::nullopt;
        }
    }
    return std::nullopt;
}

// Answers the next message box with `button` once it is up; returns the question it asked.
std::shared_ptr<QString> answerNextBox(QMessageBox::StandardButton button)
{
    auto asked = std::make_shared<QString>();
    QTimer::singleShot(0, [asked, button] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box)
            return;
        *asked = box->text();
        box->button(button)->click();
    });
    return asked;
}

} // namespace

class TestJudgeWorkspace : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void demoRunsOffscreenAndShowsTheTutorialTable();
    void exportIsWhatTheCliWritesForTheStore();
    void reopeningShowsStoredResults();
    void invalidProbeIsRefusedWithItsProblems();
    void overridesReachTheBackend();
    void unreadableRepliesAreLoggedForReview();
    void titleShowsTheDirtyMarker();
    void asksToSaveOnClose();
    void mainWindowOpensJudgePages();

private:
    QString m_shots;
    QTemporaryDir m_dir;
    QTemporaryDir m_shotDir;
};

void TestJudgeWorkspace::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-judgewindow"));
    QVERIFY(m_dir.isValid());
    // PB_SCREENSHOT_DIR keeps the pictures for a person to look at.
    m_shots = qEnvironmentVariableIsSet("PB_SCREENSHOT_DIR")
                  ? qEnvironmentVariable("PB_SCREENSHOT_DIR")
                  : m_shotDir.path();
    QVERIFY(QDir().mkpath(m_shots));
}

void TestJudgeWorkspace::init()
{
    QSettings().clear();
}

// The window's Export writes what `probebench run` writes for the same store: once the window
// has let go of it, the CLI resumes the run (nothing left to call) and writes its folder from
// the store, the runs it was written from included.
void TestJudgeWorkspace::exportIsWhatTheCliWritesForTheStore()
{
    const QString exported = m_dir.filePath(QStringLiteral("cli-compare/export"));
    QString probe;
    QString store;
    {
        JudgeWorkspace window;
        QVERIFY(window.openDemo(m_dir.filePath(QStringLiteral("cli-compare"))));
        window.show();
        QSignalSpy finished(window.runPanel(), &JudgeRunPanel::runFinished);
        QVERIFY(window.runPanel()->startRun());
        QVERIFY(finished.wait(kLong));
        QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Completed);
        QSignalSpy exportDone(window.reportPanel(), &ReportFolderPanel::exported);
        window.reportPanel()->exportTo(exported);
        QVERIFY(exportDone.wait(kLong));
        QVERIFY2(exportDone.first().at(0).toBool(),
                 qPrintable(exportDone.first().at(1).toString()));
        probe = window.project()->filePath();
        store = window.project()->storePath();
    }
    const QString cli = m_dir.filePath(QStringLiteral("cli-compare/cli"));
    QProcess run;
    run.start(QStringLiteral(PB_PROBEBENCH), {QStringLiteral("run"), probe, QStringLiteral("--out"),
                                              cli, QStringLiteral("--store"), store});
    QVERIFY(run.waitForFinished(kLong));
    const QString output =
        QString::fromUtf8(run.readAllStandardOutput() + run.readAllStandardError());
    QVERIFY2(run.exitCode() == 0, qPrintable(output));
    QVERIFY2(output.contains(QStringLiteral("resuming")), qPrintable(output));
    const auto bytes = [](const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    const QJsonObject ours =
        QJsonDocument::fromJson(bytes(exported + QStringLiteral("/summary.json"))).object();
    const QJsonObject theirs =
        QJsonDocument::fromJson(bytes(cli + QStringLiteral("/summary.json"))).object();
    QVERIFY(!ours.isEmpty());
    const QJsonArray runs =
        ours.value(QStringLiteral("evidence")).toObject().value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), 1);
    QCOMPARE(runs.first().toObject().value(QStringLiteral("calls")).toInt(), 14);
    QCOMPARE(ours, theirs); // every number, the evidence included
    QCOMPARE(bytes(exported + QStringLiteral("/judge-log.csv")),
             bytes(cli + QStringLiteral("/judge-log.csv")));
}

void TestJudgeWorkspace::demoRunsOffscreenAndShowsTheTutorialTable()
{
    JudgeWorkspace window;
    window.resize(1400, 900);
    QVERIFY(window.openDemo(m_dir.filePath(QStringLiteral("demo"))));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.currentTab(), JudgeWorkspace::RunTab);
    QVERIFY(window.windowTitle().startsWith(QStringLiteral("library-padding.judge.json")));
    JudgeRunPanel* panel = window.runPanel();
    QAbstractItemModelTester judgesTester(panel->judgeModel());
    QAbstractItemModelTester logTester(panel->logModel());
    QCOMPARE(panel->judgeModel()->rowCount(), 1);
    QCOMPARE(panel->chosenJudges(), QList<int>{0});

    QSignalSpy finished(panel, &JudgeRunPanel::runFinished);
    QVERIFY(panel->startRun());
    // Locked while it runs: no edits, no undo, the editors read-only.
    QVERIFY(window.project()->isRunning());
    QVERIFY(!panel->runControls()->startAction()->isEnabled());
    QVERIFY(panel->runControls()->cancelAction()->isEnabled());
    JudgeProbeDocument doc = window.project()->document();
    doc.title = QStringLiteral("edited under the run");
    window.project()->applyEdit(doc, QStringLiteral("Edit title"));
    QCOMPARE(window.project()->undoStack()->count(), 0);

    QVERIFY(finished.wait(kLong));
    QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Completed);
    QVERIFY(!window.project()->isRunning());
    QCOMPARE(panel->logModel()->rowCount(), 14);
    QCOMPARE(panel->logModel()->counts().scored, 14);
    QCOMPARE(panel->runControls()->progressBar()->answered(),
             panel->runControls()->progressBar()->planned());
    QVERIFY2(panel->statusText().startsWith(QStringLiteral("Done.")),
             qPrintable(panel->statusText()));

    // The Results view got the analysis: the tutorial's Part III rows.
    JudgeResultsView* results = window.resultsView();
    QVERIFY(results->hasResults());
    QCOMPARE(window.currentTab(), JudgeWorkspace::ResultsTab);
    BeforeAfterModel* table = results->beforeAfterModel();
    QAbstractItemModelTester tableTester(table);
    QCOMPARE(table->rowCount(), 9);
    QCOMPARE(shownDelta(table, QStringLiteral("s01"), QStringLiteral("directness")),
             std::optional<int>(0));
    QCOMPARE(shownDelta(table, QStringLiteral("s02"), QStringLiteral("directness")),
             std::optional<int>(1));
    QCOMPARE(shownDelta(table, QStringLiteral("s03"), QStringLiteral("directness")),
             std::optional<int>(1));
    QCOMPARE(shownDelta(table, QStringLiteral("s02"), QStringLiteral("claims_cited")),
             std::optional<int>(0));

    // The report, and its export under the CLI's names.
    const QString markdown = window.reportPanel()->report().toMarkdown();
    QVERIFY2(markdown.contains(QStringLiteral("16 of 18")), qPrintable(markdown.left(2000)));
    const QString exported = m_dir.filePath(QStringLiteral("export"));
    QSignalSpy exportDone(window.reportPanel(), &ReportFolderPanel::exported);
    window.reportPanel()->exportTo(exported);
    QVERIFY(exportDone.wait(kLong));
    QVERIFY2(exportDone.first().at(0).toBool(), qPrintable(exportDone.first().at(1).toString()));
    for (const QString& name : {QStringLiteral("report.md"), QStringLiteral("report.html"),
                                QStringLiteral("judge-log.csv"), QStringLiteral("summary.json")})
        QVERIFY2(QFileInfo(exported + QLatin1Char('/') + name).size() > 0, qPrintable(name));
    // The Export action writes off the GUI thread, and is off until it is done.
    const QString background = m_dir.filePath(QStringLiteral("export-background"));
    exportDone.clear();
    window.reportPanel()->exportTo(background);
    QVERIFY(!window.reportPanel()->exportAction()->isEnabled());
    QVERIFY(exportDone.wait(kLong));
    QVERIFY2(exportDone.first().at(0).toBool(), qPrintable(exportDone.first().at(1).toString()));
    QVERIFY(window.reportPanel()->exportAction()->isEnabled());
    for (const QString& name : {QStringLiteral("report.md"), QStringLiteral("judge-log.csv")}) {
        QFile written(background + QLatin1Char('/') + name);
        QFile direct(exported + QLatin1Char('/') + name);
        QVERIFY(written.open(QIODevice::ReadOnly) && direct.open(QIODevice::ReadOnly));
        // The report names the time it was made; the log is the same to the byte.
        if (name.endsWith(QLatin1String(".csv")))
            QCOMPARE(written.readAll(), direct.readAll());
        else
            QVERIFY(written.size() > 0);
    }
    // A folder that cannot be made is said, not thrown away.
    QFile blocker(m_dir.filePath(QStringLiteral("a-file")));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    exportDone.clear();
    window.reportPanel()->exportTo(blocker.fileName() + QStringLiteral("/inside"));
    QVERIFY(exportDone.wait(kLong));
    QVERIFY(!exportDone.first().at(0).toBool());
    QVERIFY2(exportDone.first().at(1).toString().contains(QStringLiteral("cannot make the folder")),
             qPrintable(exportDone.first().at(1).toString()));

    // The store is where `probebench run` looks by default.
    QVERIFY(QFileInfo::exists(window.project()->storePath()));
    QVERIFY(window.project()->storePath().endsWith(
        QStringLiteral("judge-demo/library-padding-results/library-padding.pbrun")));

    // Look at it: each tab after a real stand-in run.
    const QStringList names{QStringLiteral("rubric"), QStringLiteral("items"),
                            QStringLiteral("run"), QStringLiteral("results"),
                            QStringLiteral("report")};
    for (int tab = 0; tab < names.size(); ++tab) {
        window.showTab(JudgeWorkspace::Tab(tab));
        QTest::qWait(80);
        const QImage image = window.grab().toImage();
        QVERIFY(!image.isNull());
        QVERIFY(image.save(m_shots + QStringLiteral("/judgewindow-%1.png").arg(names.at(tab))));
    }
}

void TestJudgeWorkspace::reopeningShowsStoredResults()
{
    const QString parent = m_dir.filePath(QStringLiteral("reopen"));
    QString path;
    {
        JudgeWorkspace first;
        QVERIFY(first.openDemo(parent));
        QVERIFY(!first.resultsView()->hasResults());
        QSignalSpy finished(first.runPanel(), &JudgeRunPanel::runFinished);
        QVERIFY(first.runPanel()->startRun());
        QVERIFY(finished.wait(kLong));
        path = first.project()->filePath();
    }
    JudgeWorkspace second;
    QVERIFY(second.openPath(path));
    QCOMPARE(second.currentTab(), JudgeWorkspace::ItemsTab);
    QTRY_VERIFY_WITH_TIMEOUT(second.resultsView()->hasResults(), 10000);
    QCOMPARE(shownDelta(second.resultsView()->beforeAfterModel(), QStringLiteral("s02"),
                        QStringLiteral("directness")),
             std::optional<int>(1));
    QVERIFY(second.reportPanel()->hasResults());

    // Running again resumes: every call comes from the store.
    QSignalSpy progress(second.backgroundRun(), &BackgroundRun::progressChanged);
    QSignalSpy finished(second.runPanel(), &JudgeRunPanel::runFinished);
    QVERIFY(second.runPanel()->startRun());
    QVERIFY(finished.wait(kLong));
    QVERIFY(!progress.isEmpty());
    const RunProgress last = progress.last().at(1).value<RunProgress>();
    QCOMPARE(last.resumed, 14);
    QCOMPARE(last.ok, 0);
}

void TestJudgeWorkspace::invalidProbeIsRefusedWithItsProblems()
{
    JudgeWorkspace window;
    QVERIFY(window.openDemo(m_dir.filePath(QStringLiteral("invalid"))));
    JudgeProbeDocument doc = window.project()->document();
    doc.rubric.criteria[0].weight = 30;
    window.project()->applyEdit(doc, QStringLiteral("Edit weight"));
    QVERIFY(!window.runPanel()->startRun());
    QVERIFY(!window.project()->isRunning());
    QCOMPARE(window.runPanel()->banner()->tone(), NoticeBanner::Tone::Error);
    QVERIFY2(window.runPanel()->banner()->text().contains(
                 QStringLiteral("rubric.criteria: the weights sum to 90, not 100")),
             qPrintable(window.runPanel()->banner()->text()));

    window.project()->undoStack()->undo();
    window.runPanel()->setJudgeChosen(0, false);
    QVERIFY(!window.runPanel()->startRun());
    QVERIFY(window.runPanel()->banner()->text().contains(QStringLiteral("Tick at least one")));
    window.runPanel()->setJudgeChosen(0, true);
    window.runPanel()->setOverrides(QStringLiteral("ollama"), QString(), QString());
    QVERIFY(!window.runPanel()->startRun());
    QVERIFY(window.runPanel()->banner()->text().contains(QStringLiteral("needs a model")));
    window.runPanel()->setOverrides(QString(), QString(), QStringLiteral("http://"));
    QVERIFY(!window.runPanel()->startRun());
    QVERIFY2(window.runPanel()->banner()->text().startsWith(QStringLiteral("Endpoint")),
             qPrintable(window.runPanel()->banner()->text()));
}

void TestJudgeWorkspace::overridesReachTheBackend()
{
    FakeJudgeServer server([](const QJsonObject& body) {
        return StandInJudgeBackend::replyForAnswer(FakeJudgeServer::answerOf(body), true);
    });
    QVERIFY(server.listen());
    JudgeWorkspace window;
    QVERIFY(window.openDemo(m_dir.filePath(QStringLiteral("override"))));
    window.runPanel()->setOverrides(QStringLiteral("ollama"), server.model(),
                                    server.ollamaUrl().toString());
    JudgeProbeDocument doc;
    QString error;
    QVERIFY2(window.runPanel()->documentForRun(&doc, &error), qPrintable(error));
    QCOMPARE(doc.judges.first().backend, QStringLiteral("ollama"));
    QCOMPARE(doc.judges.first().endpoints, QStringList{server.ollamaUrl().toString()});
    // The project's document keeps its own judge.
    QCOMPARE(window.project()->document().judges.first().backend, QStringLiteral("stand-in-judge"));

    QSignalSpy finished(window.runPanel(), &JudgeRunPanel::runFinished);
    QVERIFY(window.runPanel()->startRun());
    QVERIFY(finished.wait(kLong));
    QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Completed);
    QCOMPARE(server.chatBodies().size(), 14);
    QCOMPARE(window.runPanel()->logModel()->rowCount(), 14);
    QVERIFY(window.resultsView()->hasResults());
    QCOMPARE(shownDelta(window.resultsView()->beforeAfterModel(), QStringLiteral("s03"),
                        QStringLiteral("directness")),
             std::optional<int>(1));
}

void TestJudgeWorkspace::unreadableRepliesAreLoggedForReview()
{
    FakeJudgeServer server(
        [](const QJsonObject&) { return QStringLiteral("I think it is fine."); });
    QVERIFY(server.listen());
    JudgeWorkspace window;
    window.resize(1400, 900);
    QVERIFY(window.openDemo(m_dir.filePath(QStringLiteral("review"))));
    window.show();
    window.runPanel()->setOverrides(QStringLiteral("ollama"), server.model(),
                                    server.ollamaUrl().toString());
    QSignalSpy finished(window.runPanel(), &JudgeRunPanel::runFinished);
    QVERIFY(window.runPanel()->startRun());
    QVERIFY(finished.wait(kLong));
    JudgeCallLogModel* log = window.runPanel()->logModel();
    QCOMPARE(log->rowCount(), 14);
    QCOMPARE(log->counts().reviewNeeded, 14);
    QCOMPARE(log->counts().scored, 0);
    const QModelIndex outcome = log->index(0, JudgeCallLogModel::OutcomeColumn);
    QCOMPARE(outcome.data().toString(), QStringLiteral("REVIEW_NEEDED"));
    QVERIFY(log->index(0, JudgeCallLogModel::TotalColumn).data().toString().isEmpty());
    QCOMPARE(outcome.data(JudgeCallLogModel::RawOutputRole).toString(),
             QStringLiteral("I think it is fine."));
    QVERIFY(!outcome.data(JudgeCallLogModel::ProblemRole).toString().isEmpty());
    // Each call was asked three times: the first try and two re-asks.
    QCOMPARE(server.chatBodies().size(), 14 * 3);
    window.runPanel()->logView()->setCurrentIndex(outcome);
    window.showTab(JudgeWorkspace::RunTab);
    QTest::qWait(50);
    QVERIFY(window.grab().save(m_shots + QStringLiteral("/judgewindow-run-review.png")));
}

void TestJudgeWorkspace::titleShowsTheDirtyMarker()
{
    JudgeWorkspace window;
    QVERIFY(window.openDemo(m_dir.filePath(QStringLiteral("title"))));
    QVERIFY(!window.isWindowModified());
    QVERIFY(window.windowTitle().contains(QStringLiteral("[*]")));
    // An edit that leaves the judges alone leaves the Run tab's judge table (and its
    // selection) alone too.
    QSignalSpy judgesRefilled(window.runPanel()->judgeModel(), &QAbstractItemModel::modelReset);
    JudgeProbeDocument doc = window.project()->document();
    doc.title = QStringLiteral("changed");
    window.project()->applyEdit(doc, QStringLiteral("Edit title"));
    QVERIFY(window.isWindowModified());
    QCOMPARE(judgesRefilled.size(), 0);
    JudgeProbeDocument renamed = doc;
    renamed.judges.first().name = QStringLiteral("renamed judge");
    window.project()->applyEdit(renamed, QStringLiteral("Rename judge"));
    QCOMPARE(judgesRefilled.size(), 1);
    QCOMPARE(window.runPanel()->judgeModel()->item(0)->text(), QStringLiteral("renamed judge"));
    window.project()->undoStack()->undo();
    QVERIFY(window.save());
    QVERIFY(!window.isWindowModified());
    window.project()->undoStack()->undo();
    QVERIFY(window.isWindowModified());
    window.project()->undoStack()->redo();
    QVERIFY(!window.isWindowModified());

    // Open errors are shown by file and path, and keep the probe that was open.
    const QString bad = m_dir.filePath(QStringLiteral("bad.judge.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "probebench/judge-probe@1", "items": []})");
    f.close();
    QVERIFY(!window.openPath(bad));
    QCOMPARE(window.banner()->tone(), NoticeBanner::Tone::Error);
    QVERIFY2(window.banner()->text().contains(QStringLiteral("bad.judge.json: rubric: missing")),
             qPrintable(window.banner()->text()));
    QCOMPARE(window.project()->document().title, QStringLiteral("changed"));
}

void TestJudgeWorkspace::asksToSaveOnClose()
{
    QPointer<JudgeWorkspace> window = new JudgeWorkspace;
    window->setAttribute(Qt::WA_DeleteOnClose);
    QVERIFY(window->openDemo(m_dir.filePath(QStringLiteral("close"))));
    window->show();
    QVERIFY(window->close()); // nothing changed: no question
    QTRY_VERIFY(window.isNull());

    window = new JudgeWorkspace;
    window->setAttribute(Qt::WA_DeleteOnClose);
    QVERIFY(window->openDemo(m_dir.filePath(QStringLiteral("close"))));
    const QString path = window->project()->filePath();
    window->show();
    JudgeProbeDocument doc = window->project()->document();
    doc.title = QStringLiteral("kept by Save");
    window->project()->applyEdit(doc, QStringLiteral("Edit title"));

    auto asked = answerNextBox(QMessageBox::Cancel);
    QVERIFY(!window->close());
    QVERIFY2(asked->contains(QStringLiteral("not saved")), qPrintable(*asked));
    QVERIFY(!window.isNull());

    asked = answerNextBox(QMessageBox::Save);
    QVERIFY(window->close());
    QVERIFY(!asked->isEmpty());
    QTRY_VERIFY(window.isNull());
    JudgeProject reopened;
    QString error;
    QVERIFY(reopened.open(path, &error));
    QCOMPARE(reopened.document().title, QStringLiteral("kept by Save"));

    window = new JudgeWorkspace;
    window->setAttribute(Qt::WA_DeleteOnClose);
    QVERIFY(window->openPath(path));
    doc.title = QStringLiteral("thrown away");
    window->project()->applyEdit(doc, QStringLiteral("Edit title"));
    asked = answerNextBox(QMessageBox::Discard);
    QVERIFY(window->close());
    QVERIFY(!asked->isEmpty());
    QVERIFY(reopened.open(path, &error));
    QCOMPARE(reopened.document().title, QStringLiteral("kept by Save"));
}

void TestJudgeWorkspace::mainWindowOpensJudgePages()
{
    MainWindow main;
    main.show();
    // A .judge.json through the ordinary Open path opens the judge page, not the probe page.
    JudgeProject demo;
    QString error;
    QVERIFY(demo.newFromDemo(&error, m_dir.filePath(QStringLiteral("main"))));
    QVERIFY(main.openPath(demo.filePath()));
    JudgeWorkspace* opened = main.judgePage();
    QVERIFY(opened);
    QCOMPARE(main.currentPage(), MainWindow::Page::Judge);
    QCOMPARE(opened->window(), &main);
    QCOMPARE(opened->project()->filePath(), demo.filePath());
    // ... and joins the recent files, from which it opens the judge page again.
    const auto* recent = main.findChild<RecentFilesMenu*>();
    QVERIFY(recent);
    QVERIFY(recent->files().contains(demo.filePath()));
    QVERIFY(main.closeFilePage());
    QVERIFY(!main.judgePage());
    QCOMPARE(main.currentPage(), MainWindow::Page::Welcome);

    // The Welcome page's demo button opens the demo and runs it.
    QTest::mouseClick(main.welcomePage()->judgeDemoButton(), Qt::LeftButton);
    JudgeWorkspace* running = main.judgePage();
    QVERIFY(running);
    QCOMPARE(main.currentPage(), MainWindow::Page::Judge);
    QVERIFY(running->project()->isRunning());
    // Another judge probe is refused while the run is going, in plain words.
    QVERIFY(!main.openPath(demo.filePath()));
    QCOMPARE(main.judgePage(), running);
    QVERIFY2(running->banner()->text().contains(QStringLiteral("A judge run is going")),
             qPrintable(running->banner()->text()));
    QTRY_VERIFY_WITH_TIMEOUT(!running->project()->isRunning(), kLong);
    QVERIFY(running->resultsView()->hasResults());
    QVERIFY(main.closeFilePage());
    QVERIFY(!main.judgePage());
}

QTEST_MAIN(TestJudgeWorkspace)
#include "tst_judgewindow.moc"

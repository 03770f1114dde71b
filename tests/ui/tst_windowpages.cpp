// One window holds every kind: a model probe, a judge probe, a name set and a grading open as
// pages of the same MainWindow, its menus following the page shown, in one process.
#include "ExampleProbe.h"
#include "MainWindow.h"
#include "TestPaths.h"
#include "grading/GradingFileProject.h"
#include "grading/GradingWorkspace.h"
#include "judge/BeforeAfterModel.h"
#include "judge/ConstructionModel.h"
#include "judge/CriterionHeatMapModel.h"
#include "judge/JudgeProbeRun.h"
#include "judge/JudgeProject.h"
#include "judge/JudgeResultsView.h"
#include "judge/JudgeWorkspace.h"
#include "nameset/NameSetProject.h"
#include "nameset/NameSetWorkspace.h"
#include "project/ProbeFileWorkspace.h"
#include "project/ProbeProject.h"
#include "run/RunControl.h"
#include "widgets/RecentFilesMenu.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

namespace {

constexpr int kLong = 120000;

QString example(const QString& name)
{
    return test::sourceDir() + QStringLiteral("/resources/examples/") + name;
}

QMenu* menuNamed(MainWindow& window, const QString& title)
{
    for (QAction* a : window.menuBar()->actions()) {
        if (a->menu() && a->text() == title)
            return a->menu();
    }
    return nullptr;
}

QList<QAction*> entries(QMenu* menu)
{
    QList<QAction*> out;
    for (QAction* a : menu->actions()) {
        if (!a->isSeparator())
            out << a;
    }
    return out;
}

QAction* entryWithKey(MainWindow& window, const QString& menu, const QKeySequence& key)
{
    for (QAction* a : entries(menuNamed(window, menu))) {
        if (a->shortcuts().contains(key))
            return a;
    }
    return nullptr;
}

// The windows on screen: only the main window, never a window of a file kind.
QList<QWidget*> shownWindows()
{
    QList<QWidget*> out;
    for (QWidget* w : QApplication::topLevelWidgets()) {
        if (w->isVisible() && !qobject_cast<QMenu*>(w))
            out << w;
    }
    return out;
}

// Every cell of two models, as shown.
bool sameCells(const QAbstractItemModel& shown, const QAbstractItemModel& stored)
{
    if (shown.rowCount() != stored.rowCount() || shown.columnCount() != stored.columnCount())
        return false;
    for (int r = 0; r < shown.rowCount(); ++r) {
        for (int c = 0; c < shown.columnCount(); ++c) {
            if (shown.index(r, c).data() != stored.index(r, c).data())
                return false;
        }
    }
    return shown.rowCount() > 0;
}

} // namespace

class TestWindowPages : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyKindIsAPageOfOneWindow();
    void closingAsksForEveryPage();

private:
    QTemporaryDir m_dir;
    QString m_shots;
};

void TestWindowPages::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-windowpages"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    // PB_SCREENSHOT_DIR keeps the picture for a person to look at.
    m_shots = qEnvironmentVariableIsSet("PB_SCREENSHOT_DIR")
                  ? qEnvironmentVariable("PB_SCREENSHOT_DIR")
                  : m_dir.filePath(QStringLiteral("shots"));
    QVERIFY(QDir().mkpath(m_shots));
}

void TestWindowPages::everyKindIsAPageOfOneWindow()
{
    const QDir dir(m_dir.path());
    for (const QString& name :
         {QStringLiteral("library-padding.judge.json"), QStringLiteral("library-hours.rubric.json"),
          QStringLiteral("resume-screening.names.json"),
          QStringLiteral("library-hours.grading.json"),
          QStringLiteral("style-and-names.axes.json")})
        QVERIFY(QFile::copy(example(name), dir.filePath(name)));
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("library-hours-submissions"))));
    const QDir submissions(example(QStringLiteral("library-hours-submissions")));
    for (const QString& name : submissions.entryList(QDir::Files))
        QVERIFY(QFile::copy(submissions.filePath(name),
                            dir.filePath(QStringLiteral("library-hours-submissions/") + name)));
    const QString savedAs = dir.filePath(QStringLiteral("saved/padding-again.judge.json"));
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("saved"))));

    // Any question asked on the way out is recorded and answered Discard.
    QStringList asked;
    QTimer answerer;
    connect(&answerer, &QTimer::timeout, this, [&asked] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            asked << box->text();
            if (QAbstractButton* discard = box->button(QMessageBox::Discard))
                discard->click();
            else
                box->reject();
        }
    });
    answerer.start(50);

    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(window.openPath(test::exampleProbePath()));
        QCOMPARE(window.currentPage(), MainWindow::Page::Design);
        const QString projectTitle = window.windowTitle();
        QVERIFY(window.openPath(dir.filePath(QStringLiteral("library-padding.judge.json"))));
        QCOMPARE(window.currentPage(), MainWindow::Page::Judge);
        QVERIFY(window.openPath(dir.filePath(QStringLiteral("resume-screening.names.json"))));
        QCOMPARE(window.currentPage(), MainWindow::Page::NameSet);
        QVERIFY(window.openPath(dir.filePath(QStringLiteral("library-hours.grading.json"))));
        QCOMPARE(window.currentPage(), MainWindow::Page::Grading);
        QVERIFY(window.openPath(dir.filePath(QStringLiteral("style-and-names.axes.json"))));
        QCOMPARE(window.currentPage(), MainWindow::Page::Axes);

        // Each is a page of this window; no other window came up.
        for (MainWindow::Page page : {MainWindow::Page::Judge, MainWindow::Page::NameSet,
                                      MainWindow::Page::Grading, MainWindow::Page::Axes}) {
            ProbeFileWorkspace* shown = window.filePage(page);
            QVERIFY(shown);
            QCOMPARE(shown->window(), &window);
        }
        QCOMPARE(shownWindows(), QList<QWidget*>{&window});
        // With every kind open (the stack is as wide as its widest page), the window still
        // fits a 1366 x 768 laptop screen, the smallest a student is likely to have.
        const QSize narrowest = window.minimumSizeHint();
        QVERIFY2(
            narrowest.width() <= 1366 && narrowest.height() <= 768,
            qPrintable(QStringLiteral("%1 x %2").arg(narrowest.width()).arg(narrowest.height())));
        // Each page is named with its file in the View menu, and reached by its key there.
        QAction* judgeEntry =
            entryWithKey(window, QStringLiteral("&View"), QKeySequence(Qt::CTRL | Qt::Key_7));
        QVERIFY(judgeEntry);
        QVERIFY2(judgeEntry->text().contains(QStringLiteral("library-padding")),
                 qPrintable(judgeEntry->text()));
        judgeEntry->trigger();
        QCOMPARE(window.currentPage(), MainWindow::Page::Judge);
        QCOMPARE(window.windowTitle(), window.judgePage()->windowTitle());
        window.showPage(MainWindow::Page::Design);
        QCOMPARE(window.windowTitle(), projectTitle);

        // The Run menu is the shown page's.
        QMenu* run = menuNamed(window, QStringLiteral("&Run"));
        QVERIFY(run);
        QCOMPARE(entries(run), window.runControl()->actions());
        window.showPage(MainWindow::Page::Judge);
        QCOMPARE(entries(run), window.judgePage()->runActions());

        // Undo acts on the page shown only.
        JudgeWorkspace* judge = window.judgePage();
        NameSetWorkspace* names = window.nameSetPage();
        const int projectUndo = window.project()->undoStack()->index();
        JudgeProbeDocument judgeDoc = judge->project()->document();
        const QString judgeTitle = judgeDoc.title;
        judgeDoc.title = QStringLiteral("edited judge title");
        judge->project()->applyEdit(judgeDoc, QStringLiteral("Edit title"));
        NameSetDocument namesDoc = names->project()->document();
        const QString namesTitle = namesDoc.title;
        namesDoc.title = QStringLiteral("edited name-set title");
        names->project()->applyEdit(namesDoc, QStringLiteral("Edit title"));
        QAction* undo = entryWithKey(window, QStringLiteral("&Edit"), QKeySequence::Undo);
        QVERIFY(undo);
        window.showPage(MainWindow::Page::NameSet);
        QVERIFY(window.isWindowModified());
        QVERIFY(undo->isEnabled());
        undo->trigger();
        QCOMPARE(names->project()->document().title, namesTitle);
        QCOMPARE(judge->project()->document().title, QStringLiteral("edited judge title"));
        QCOMPARE(window.project()->undoStack()->index(), projectUndo);
        QVERIFY(!undo->isEnabled()); // nothing more to undo on this page
        window.showPage(MainWindow::Page::Judge);
        QVERIFY(undo->isEnabled());
        undo->trigger();
        QCOMPARE(judge->project()->document().title, judgeTitle);
        QCOMPARE(window.project()->undoStack()->index(), projectUndo);

        // The judge probe runs on the stand-in from the Run menu and keeps going while the
        // name set is shown; the name set stays in view when it ends.
        // While it runs, its page refuses redo; the name set's page, shown, does not.
        QAction* redo = entryWithKey(window, QStringLiteral("&Edit"), QKeySequence::Redo);
        QVERIFY(redo);
        const auto runWhileNameSetShown = [&] {
            QAction* start =
                entryWithKey(window, QStringLiteral("&Run"), QKeySequence(Qt::CTRL | Qt::Key_R));
            if (!start || !judge->runActions().contains(start))
                return false;
            start->trigger();
            if (!judge->project()->isRunning() || redo->isEnabled())
                return false;
            window.showPage(MainWindow::Page::NameSet);
            if (!redo->isEnabled()) // the name set's undone edit
                return false;
            QElapsedTimer clock;
            clock.start();
            while (judge->project()->isRunning() && clock.elapsed() < kLong)
                QTest::qWait(20);
            return !judge->project()->isRunning() &&
                   window.currentPage() == MainWindow::Page::NameSet;
        };
        QVERIFY(!judge->resultsView()->hasResults());
        QVERIFY(runWhileNameSetShown());
        QTRY_VERIFY_WITH_TIMEOUT(judge->resultsView()->hasResults(), kLong);

        // Save As moves the judge probe: what it shows follows the store beside the new file
        // (none yet), and it runs again there.
        QVERIFY(judge->saveAs(savedAs));
        QCOMPARE(judge->project()->filePath(), QFileInfo(savedAs).absoluteFilePath());
        QVERIFY(!judge->resultsView()->hasResults());
        window.showPage(MainWindow::Page::Judge);
        QVERIFY(runWhileNameSetShown());
        QTRY_VERIFY_WITH_TIMEOUT(judge->resultsView()->hasResults(), kLong);
        window.showPage(MainWindow::Page::Judge);
        judge->showTab(JudgeWorkspace::ResultsTab);
        QVERIFY(window.windowTitle().contains(QStringLiteral("padding-again")));
        QVERIFY(window.grab().save(m_shots + QStringLiteral("/window-judge-page.png")));
        QCOMPARE(shownWindows(), QList<QWidget*>{&window});

        QVERIFY(window.close());
        QVERIFY2(asked.isEmpty(), qPrintable(asked.join(u'\n')));
    }

    {
        // The recent files reopen it in a new window's judge page, with what its store holds.
        MainWindow again;
        again.show();
        auto* recent = again.findChild<RecentFilesMenu*>();
        QVERIFY(recent);
        const QString absolute = QFileInfo(savedAs).absoluteFilePath();
        const int row = int(recent->files().indexOf(absolute));
        QVERIFY2(row >= 0, qPrintable(recent->files().join(u'\n')));
        QVERIFY(recent->actions().at(row)->text().startsWith(QStringLiteral("&%1 ").arg(row + 1)));
        recent->actions().at(row)->trigger();
        JudgeWorkspace* reopened = again.judgePage();
        QVERIFY(reopened);
        QCOMPARE(again.currentPage(), MainWindow::Page::Judge);
        QCOMPARE(reopened->project()->filePath(), absolute);
        QTRY_VERIFY_WITH_TIMEOUT(reopened->resultsView()->hasResults(), kLong);

        const JudgeProbeRun::StoredJudgeResults stored = JudgeProbeRun::readStored(
            reopened->project()->document(), reopened->project()->storePath());
        QVERIFY2(stored.error.isEmpty(), qPrintable(stored.error));
        QVERIFY(stored.storedCalls > 0);
        JudgeResultsView fromStore;
        fromStore.showResults(reopened->project()->document(), stored.analysis);
        QVERIFY(sameCells(*reopened->resultsView()->heatMapModel(), *fromStore.heatMapModel()));
        QVERIFY(
            sameCells(*reopened->resultsView()->beforeAfterModel(), *fromStore.beforeAfterModel()));
        QVERIFY(sameCells(*reopened->resultsView()->constructionModel(),
                          *fromStore.constructionModel()));
        QCOMPARE(shownWindows(), QList<QWidget*>{&again});
        // Left on the judge page, a project page seen before it.
        again.showPage(MainWindow::Page::Design);
        again.showPage(MainWindow::Page::Judge);
    }

    // The next launch reopens the most recent file, the judge probe, on its page.
    MainWindow next;
    next.openInitial();
    QCOMPARE(next.currentPage(), MainWindow::Page::Judge);
    QVERIFY(next.judgePage());
    QCOMPARE(next.judgePage()->project()->filePath(), QFileInfo(savedAs).absoluteFilePath());
}

void TestWindowPages::closingAsksForEveryPage()
{
    // Closing the window asks about a page's run and its unsaved edits, whichever page is
    // shown; cancelling either keeps the window and the page.
    QStringList asked;
    QMessageBox::StandardButton answer = QMessageBox::Cancel;
    QTimer answerer;
    connect(&answerer, &QTimer::timeout, this, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            asked << box->text();
            box->button(answer == QMessageBox::Cancel     ? QMessageBox::Cancel
                        : box->button(QMessageBox::Close) ? QMessageBox::Close
                                                          : answer)
                ->click();
        }
    });
    answerer.start(50);

    MainWindow window;
    window.show();
    QVERIFY(window.openExample(MainWindow::Page::NameSet, false));
    NameSetWorkspace* names = window.nameSetPage();
    NameSetDocument doc = names->project()->document();
    doc.title = QStringLiteral("not saved yet");
    names->project()->applyEdit(doc, QStringLiteral("Edit title"));
    QVERIFY(window.openExample(MainWindow::Page::Judge, false));
    // A run going on, as the run panel marks it (the stand-in would finish one at once).
    window.judgePage()->project()->setRunning(true);
    window.showPage(MainWindow::Page::Welcome);

    QVERIFY(!window.close());
    QCOMPARE(asked.size(), 1);
    QVERIFY2(asked.first().contains(QStringLiteral("A judge run is going")),
             qPrintable(asked.first()));
    QVERIFY(window.judgePage());

    asked.clear();
    answer = QMessageBox::Discard;
    QVERIFY(window.close());
    QVERIFY2(asked.size() == 2, qPrintable(asked.join(u'\n')));
    QVERIFY2(asked.at(0).contains(QStringLiteral("A judge run is going")), qPrintable(asked.at(0)));
    QVERIFY2(asked.at(1).contains(QStringLiteral("not saved")), qPrintable(asked.at(1)));
}

QTEST_MAIN(TestWindowPages)
#include "tst_windowpages.moc"

#include "MainWindow.h"
#include "pages/DesignPage.h"
#include "pages/RunPage.h"
#include "pages/WelcomePage.h"
#include "probe/ProbeReader.h"
#include "project/ProbeProject.h"
#include "run/BackgroundRun.h"
#include "run/CallLogModel.h"
#include "run/RunControl.h"
#include "widgets/PresenterWindow.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDir>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardItemModel>
#include <QStandardPaths>
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

namespace {

constexpr int kLong = 120000;

QList<QAction*> menuActions(QMenuBar* bar)
{
    QList<QAction*> out;
    QList<QMenu*> menus;
    for (QAction* a : bar->actions()) {
        if (a->menu()) {
            menus << a->menu();
        }
    }
    for (QMenu* m : menus) {
        for (QAction* a : m->actions()) {
            if (!a->isSeparator()) {
                out << a;
            }
        }
    }
    return out;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();

    void firstRunShowsWelcome();
    void tutorialInTwoClicks();
    void everyActionHasAShortcut();
    void titleShowsNameAndModifiedMarker();
    void undoIsRefusedWhileRunning();
    void saveAsRemembersAndReopens();
    void exportProbeWritesAProbeFile();
    void pagesAndPresenter();
    void welcomeRecentModel();
    void grabPagesAfterARun();
};

void TestMainWindow::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-mainwindow"));
}

void TestMainWindow::init()
{
    QSettings().clear();
}

void TestMainWindow::firstRunShowsWelcome()
{
    MainWindow window;
    window.openInitial();
    QCOMPARE(window.currentPage(), MainWindow::Page::Welcome);
    QCOMPARE(window.windowTitle(), QStringLiteral("Probe Workbench"));
    QVERIFY(!window.runControl()->startAction()->isEnabled()); // nothing to run yet
}

void TestMainWindow::tutorialInTwoClicks()
{
    MainWindow window;
    window.show();
    window.openInitial();
    QTest::mouseClick(window.welcomePage()->tutorialButton(), Qt::LeftButton);
    QCOMPARE(window.currentPage(), MainWindow::Page::Run);
    QCOMPARE(window.project()->document().items.size(), 8);
    QVERIFY(window.runControl()->startAction()->isEnabled());

    QSignalSpy finished(window.backgroundRun(), &BackgroundRun::finished);
    window.runControl()->startAction()->trigger(); // the second click
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLong);
    QCOMPARE(finished.first().at(0).value<RunOutcome>(), RunOutcome::Completed);
    QCOMPARE(window.runPage()->logModel()->rowCount(), 480);
    QVERIFY(window.designPage()->isLocked());
}

void TestMainWindow::everyActionHasAShortcut()
{
    MainWindow window;
    QStringList missing;
    QHash<QString, QString> seen;
    QStringList clashes;
    for (QAction* a : menuActions(window.menuBar())) {
        const QString name = a->text().remove(QLatin1Char('&'));
        if (a->menu()) {
            continue; // Open Recent: its entries carry mnemonics
        }
        if (a->shortcut().isEmpty()) {
            missing << name;
            continue;
        }
        for (const QKeySequence& key : a->shortcuts()) {
            const QString k = key.toString();
            if (seen.contains(k) && seen.value(k) != name) {
                clashes << QStringLiteral("%1: %2 and %3").arg(k, seen.value(k), name);
            }
            seen.insert(k, name);
        }
    }
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QStringLiteral("; "))));
    QVERIFY(seen.size() >= 25);
}

void TestMainWindow::titleShowsNameAndModifiedMarker()
{
    MainWindow window;
    QVERIFY(window.newFromTutorial());
    QCOMPARE(window.windowTitle(),
             QStringLiteral(
                 "Writing style and debugging help (tutorial, Part I)[*] \u2014 Probe Workbench"));
    QVERIFY(!window.isWindowModified());
    ProbeDocument doc = window.project()->document();
    doc.title = QStringLiteral("Changed");
    window.project()->applyEdit(doc, QStringLiteral("Edit the title"));
    QVERIFY(window.isWindowModified());
    QVERIFY(window.windowTitle().startsWith(QStringLiteral("Changed[*]")));
    window.project()->undoStack()->undo();
    QVERIFY(!window.isWindowModified());
}

void TestMainWindow::undoIsRefusedWhileRunning()
{
    MainWindow window;
    QVERIFY(window.newFromTutorial());
    ProbeDocument doc = window.project()->document();
    doc.title = QStringLiteral("Changed");
    window.project()->applyEdit(doc, QStringLiteral("Edit the title"));
    QAction* undo = nullptr;
    for (QAction* a : menuActions(window.menuBar())) {
        if (a->shortcuts().contains(QKeySequence(QKeySequence::Undo))) {
            undo = a;
        }
    }
    QVERIFY(undo);
    QVERIFY(undo->isEnabled());
    QCOMPARE(undo->text(), QStringLiteral("&Undo Edit the title"));
    window.project()->setRunning(true);
    QVERIFY(!undo->isEnabled());
    window.project()->setRunning(false);
    QVERIFY(undo->isEnabled());
}

void TestMainWindow::saveAsRemembersAndReopens()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("style.pbrun"));
    {
        MainWindow window;
        QVERIFY(window.newFromTutorial());
        ProbeDocument doc = window.project()->document();
        doc.items[0].note = QStringLiteral("kept across sessions");
        window.project()->applyEdit(doc, QStringLiteral("Edit the note of item 0"));
        QVERIFY(window.saveAs(path));
        QVERIFY(!window.isWindowModified());
        QCOMPARE(window.windowTitle(), QStringLiteral("style.pbrun[*] \u2014 Probe Workbench"));
        window.showPage(MainWindow::Page::Run);
    }
    MainWindow again;
    again.openInitial();
    QCOMPARE(again.project()->filePath(), QFileInfo(path).absoluteFilePath());
    QCOMPARE(again.project()->document().items.at(0).note, QStringLiteral("kept across sessions"));
    QCOMPARE(again.currentPage(), MainWindow::Page::Run); // the page last shown
}

void TestMainWindow::exportProbeWritesAProbeFile()
{
    QTemporaryDir dir;
    MainWindow window;
    QVERIFY(window.newFromTutorial());
    const QString path = dir.filePath(QStringLiteral("style.probe.json"));
    QVERIFY(window.exportProbe(path));
    const ProbeLoadResult loaded = ProbeReader::readFile(path);
    QVERIFY2(loaded.ok(), qPrintable(loaded.errorText()));
    QCOMPARE(*loaded.document, window.project()->document());
    // Opening a file that is not there says so and keeps the project.
    QVERIFY(!window.openPath(dir.filePath(QStringLiteral("missing.pbrun"))));
    QCOMPARE(window.project()->document().items.size(), 8);
}

void TestMainWindow::pagesAndPresenter()
{
    MainWindow window;
    QVERIFY(window.newFromTutorial());
    for (int p = 0; p <= int(MainWindow::Page::ByHand); ++p) {
        window.showPage(MainWindow::Page(p));
        QCOMPARE(int(window.currentPage()), p);
    }
    QVERIFY(!window.presenterWindow());
    window.showPresenter();
    QVERIFY(window.presenterWindow());
    QVERIFY(window.presenterWindow()->isWindow());
    QVERIFY(window.presenterWindow()->isVisible());
    window.presenterWindow()->toggleFullScreen();
    QVERIFY(window.presenterWindow()->isFullScreen());
    window.presenterWindow()->toggleFullScreen();
    QVERIFY(!window.presenterWindow()->isFullScreen());
}

void TestMainWindow::welcomeRecentModel()
{
    QTemporaryDir dir;
    MainWindow window;
    QAbstractItemModelTester tester(window.welcomePage()->recentModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(window.welcomePage()->recentModel()->rowCount(), 1); // "None yet"
    QVERIFY(window.newFromTutorial());
    QVERIFY(window.saveAs(dir.filePath(QStringLiteral("a.pbrun"))));
    QCOMPARE(window.welcomePage()->recentModel()->index(0, 0).data().toString(),
             QStringLiteral("Writing style and debugging help (tutorial, Part I) \u2014 a.pbrun"));
}

void TestMainWindow::grabPagesAfterARun()
{
    // Set PB_GRAB_DIR to keep the pictures; the test itself checks they are not blank.
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.newFromTutorial());
    QSignalSpy finished(window.backgroundRun(), &BackgroundRun::finished);
    window.runControl()->start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kLong);
    window.runPage()->logView()->setCurrentIndex(window.runPage()->logModel()->index(3, 0));
    const QString dir = qEnvironmentVariable("PB_GRAB_DIR", QDir::tempPath());
    for (const auto& [page, name] :
         {std::pair{MainWindow::Page::Welcome, "welcome"},
          std::pair{MainWindow::Page::Design, "design"}, std::pair{MainWindow::Page::Run, "run"}}) {
        window.showPage(page);
        if (page == MainWindow::Page::Design) {
            window.designPage()->pairTable()->setCurrentIndex(
                window.designPage()->pairTable()->model()->index(1, 2));
        }
        QTest::qWait(50);
        const QImage image = window.grab().toImage();
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 1000);
        QVERIFY(image.save(
            QDir(dir).filePath(QStringLiteral("pb-gui1-%1.png").arg(QLatin1String(name)))));
    }
    // A broken pair after unlocking, with the metric tab open.
    window.showPage(MainWindow::Page::Design);
    window.designPage()->unlockAction()->trigger();
    auto* pairs = window.designPage()->pairTable()->model();
    QVERIFY(pairs->setData(pairs->index(1, 2),
                           QStringLiteral("my function gives nothing instead of the total??")));
    window.designPage()->pairTable()->setCurrentIndex(pairs->index(1, 2));
    if (auto* tabs = window.designPage()->findChild<QTabWidget*>()) {
        tabs->setCurrentIndex(1);
    }
    QTest::qWait(80);
    QVERIFY(window.grab().save(QDir(dir).filePath(QStringLiteral("pb-gui1-design-warning.png"))));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"

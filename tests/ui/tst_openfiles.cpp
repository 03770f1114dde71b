// Files named on the command line, or handed over by a later launch, open in the window
// the way `probebench FILE...` opens them (WorkbenchApplication::openIn is what main calls).
#include "ExampleProbe.h"
#include "MainWindow.h"
#include "OpenFailureText.h"
#include "TestPaths.h"
#include "WorkbenchApplication.h"
#include "axes/AxesProject.h"
#include "axes/AxesWorkspace.h"
#include "design/PairTableModel.h"
#include "grading/GradingFileProject.h"
#include "grading/GradingWorkspace.h"
#include "judge/JudgeProject.h"
#include "judge/JudgeWorkspace.h"
#include "nameset/NameSetProject.h"
#include "nameset/NameSetWorkspace.h"
#include "pages/DesignPage.h"
#include "pages/WelcomePage.h"
#include "probe/ProbeReader.h"
#include "project/ProbeFileWorkspace.h"
#include "project/ProbeProject.h"
#include "widgets/NoticeBanner.h"

#include <QApplication>
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

QString example(const QString& name)
{
    return test::sourceDir() + QStringLiteral("/resources/examples/") + name;
}

// Every kind opens as a page of the one window: no window of a file kind of its own.
int fileWindowsOnTheirOwn()
{
    int count = 0;
    for (QWidget* w : QApplication::topLevelWidgets()) {
        if (qobject_cast<ProbeFileWorkspace*>(w) && w->isVisible())
            ++count;
    }
    return count;
}

QStringList shownItemIds(MainWindow& window)
{
    const PairTableModel* model = window.designPage()->pairModel();
    QStringList ids;
    for (int row = 0; row < model->rowCount(); ++row)
        ids << model->index(row, PairTableModel::IdColumn).data().toString();
    return ids;
}

} // namespace

class TestOpenFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();

    void probeOpensInTheMainWindow_data();
    void probeOpensInTheMainWindow();
    void judgeProbeOpensAsAPage();
    void handedOverFileReplacesTheProject();
    void brokenFileIsNamedInADialog();
    void nameSetOpensAsAPage_data();
    void nameSetOpensAsAPage();
    void axesProbeOpensAsAPage_data();
    void axesProbeOpensAsAPage();
    void gradingOpensAsAPage_data();
    void gradingOpensAsAPage();
    void welcomeOpensTheGradingExample();
};

void TestOpenFiles::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-openfiles"));
}

void TestOpenFiles::init()
{
    QSettings().clear();
}

void TestOpenFiles::probeOpensInTheMainWindow_data()
{
    QTest::addColumn<bool>("asProject");
    QTest::addColumn<QString>("title");
    QTest::addRow("style-probe.probe.json")
        << false
        << QStringLiteral("Writing style and debugging help (tutorial, Part I)[*] \u2014 "
                          "Probe Workbench");
    QTest::addRow("saved as a .pbrun project")
        << true << QStringLiteral("style.pbrun[*] \u2014 Probe Workbench");
}

void TestOpenFiles::probeOpensInTheMainWindow()
{
    QFETCH(bool, asProject);
    QFETCH(QString, title);
    QTemporaryDir dir;
    QString path = example(QStringLiteral("style-probe.probe.json"));
    if (asProject) {
        MainWindow writer;
        QVERIFY(writer.openPath(path));
        path = dir.filePath(QStringLiteral("style.pbrun"));
        QVERIFY(writer.saveAs(path));
        QSettings().clear(); // the next window must not find it among the recent files
    }

    MainWindow window;
    WorkbenchApplication::openIn(&window, {path});
    QVERIFY(window.isVisible());
    QCOMPARE(window.windowTitle(), title);
    QCOMPARE(window.currentPage(), MainWindow::Page::Design);
    QVERIFY(window.banner()->isHidden());

    const ProbeLoadResult expected =
        ProbeReader::readFile(example(QStringLiteral("style-probe.probe.json")));
    QVERIFY(expected.ok());
    QStringList expectedIds;
    for (const ProbeItem& item : expected.document->items)
        expectedIds << item.id;
    QCOMPARE(expectedIds.size(), 8);
    QCOMPARE(shownItemIds(window), expectedIds);
    QVERIFY(window.findChildren<JudgeWorkspace*>().isEmpty());
}

void TestOpenFiles::judgeProbeOpensAsAPage()
{
    QTemporaryDir dir; // the judge probe's store is written next to it
    for (const QString& name : {QStringLiteral("library-padding.judge.json"),
                                QStringLiteral("library-hours.rubric.json")}) {
        QVERIFY(QFile::copy(example(name), dir.filePath(name)));
    }
    MainWindow window;
    WorkbenchApplication::openIn(&window,
                                 {dir.filePath(QStringLiteral("library-padding.judge.json"))});
    const QList<JudgeWorkspace*> judges = window.findChildren<JudgeWorkspace*>();
    QCOMPARE(judges.size(), 1);
    QCOMPARE(judges.first(), window.judgePage());
    QCOMPARE(window.currentPage(), MainWindow::Page::Judge);
    QVERIFY(judges.first()->windowTitle().contains(QStringLiteral("library-padding")));
    QCOMPARE(window.windowTitle(), judges.first()->windowTitle()); // the page shown names it
    QVERIFY(judges.first()->project()->document().items.size() > 0);
    QCOMPARE(fileWindowsOnTheirOwn(), 0);
    window.showPage(MainWindow::Page::Welcome);
    QCOMPARE(window.windowTitle(), QStringLiteral("Probe Workbench")); // no project opened
}

void TestOpenFiles::handedOverFileReplacesTheProject()
{
    MainWindow window;
    QVERIFY(window.newEmpty());
    const int emptyItems = int(window.project()->document().items.size());
    QVERIFY(emptyItems != 8);
    const QString probe = example(QStringLiteral("style-probe.probe.json"));

    // While a run is going the project stays and the banner says why.
    window.project()->setRunning(true);
    WorkbenchApplication::openIn(&window, {probe});
    QCOMPARE(int(window.project()->document().items.size()), emptyItems);
    QVERIFY(window.banner()->isVisible());
    QVERIFY(window.banner()->text().contains(QStringLiteral("style-probe.probe.json")));
    QVERIFY(window.banner()->text().contains(QStringLiteral("A run is going")));

    window.project()->setRunning(false);
    WorkbenchApplication::openIn(&window, {probe});
    QCOMPARE(window.project()->document().items.size(), 8);
    QCOMPARE(shownItemIds(window).size(), 8);
    QVERIFY(window.banner()->isHidden());
}

void TestOpenFiles::brokenFileIsNamedInADialog()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.probe.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "probebench/probe@1", "items": 3})");
    file.close();

    MainWindow window;
    WorkbenchApplication::openIn(&window, {path});
    const QString shown = test::openFailureText(&window);
    QVERIFY2(shown.contains(QStringLiteral("broken.probe.json")), qPrintable(shown));
    QCOMPARE(window.windowTitle(), QStringLiteral("Probe Workbench"));
}

void TestOpenFiles::nameSetOpensAsAPage_data()
{
    QTest::addColumn<bool>("handedOver");
    QTest::addRow("argv or a drop") << true;
    QTest::addRow("Open or a recent file") << false;
}

void TestOpenFiles::nameSetOpensAsAPage()
{
    QFETCH(bool, handedOver);
    QTemporaryDir dir; // the name set's store is written next to it
    const QString path = dir.filePath(QStringLiteral("resume-screening.names.json"));
    QVERIFY(QFile::copy(example(QStringLiteral("resume-screening.names.json")), path));
    MainWindow window;
    WorkbenchApplication::openIn(&window, {test::exampleProbePath()});
    const QString title = window.windowTitle();
    if (handedOver)
        WorkbenchApplication::openIn(&window, {path});
    else
        QVERIFY(window.openPath(path));
    const QList<NameSetWorkspace*> shown = window.findChildren<NameSetWorkspace*>();
    QCOMPARE(shown.size(), 1);
    QCOMPARE(window.currentPage(), MainWindow::Page::NameSet);
    QVERIFY(shown.first()->windowTitle().startsWith(QStringLiteral("resume-screening.names")));
    QCOMPARE(shown.first()->project()->document().names.size(), 32);
    QCOMPARE(shown.first()->project()->filePath(), QFileInfo(path).absoluteFilePath());
    QCOMPARE(fileWindowsOnTheirOwn(), 0);
    window.showPage(MainWindow::Page::Design);
    QCOMPARE(window.windowTitle(), title); // the open project was not closed
    QVERIFY(window.findChildren<JudgeWorkspace*>().isEmpty());
}

void TestOpenFiles::axesProbeOpensAsAPage_data()
{
    QTest::addColumn<bool>("handedOver");
    QTest::addRow("argv or a drop") << true;
    QTest::addRow("Open or a recent file") << false;
}

void TestOpenFiles::axesProbeOpensAsAPage()
{
    QFETCH(bool, handedOver);
    QTemporaryDir dir; // the probe's store is written next to it
    const QString path = dir.filePath(QStringLiteral("style-and-names.axes.json"));
    QVERIFY(QFile::copy(example(QStringLiteral("style-and-names.axes.json")), path));
    MainWindow window;
    WorkbenchApplication::openIn(&window, {test::exampleProbePath()});
    const QString title = window.windowTitle();
    if (handedOver)
        WorkbenchApplication::openIn(&window, {path});
    else
        QVERIFY(window.openPath(path));
    const QList<AxesWorkspace*> shown = window.findChildren<AxesWorkspace*>();
    QCOMPARE(shown.size(), 1);
    QCOMPARE(window.currentPage(), MainWindow::Page::Axes);
    QCOMPARE(window.axesPage(), shown.first());
    QVERIFY(shown.first()->windowTitle().startsWith(QStringLiteral("style-and-names.axes")));
    QCOMPARE(shown.first()->project()->document().axes.size(), 3);
    QCOMPARE(shown.first()->project()->filePath(), QFileInfo(path).absoluteFilePath());
    QCOMPARE(fileWindowsOnTheirOwn(), 0);
    window.showPage(MainWindow::Page::Design);
    QCOMPARE(window.windowTitle(), title); // the open project was not closed
}

void TestOpenFiles::gradingOpensAsAPage_data()
{
    QTest::addColumn<bool>("handedOver");
    QTest::addRow("argv or a drop") << true;
    QTest::addRow("Open or a recent file") << false;
}

void TestOpenFiles::gradingOpensAsAPage()
{
    QFETCH(bool, handedOver);
    QTemporaryDir dir; // the grading's store is written next to it
    const QString path = dir.filePath(QStringLiteral("library-hours.grading.json"));
    QVERIFY(QFile::copy(example(QStringLiteral("library-hours.grading.json")), path));
    MainWindow window;
    WorkbenchApplication::openIn(&window, {test::exampleProbePath()});
    const QString title = window.windowTitle();
    if (handedOver)
        WorkbenchApplication::openIn(&window, {path});
    else
        QVERIFY(window.openPath(path));
    const QList<GradingWorkspace*> shown = window.findChildren<GradingWorkspace*>();
    QCOMPARE(shown.size(), 1);
    QCOMPARE(window.currentPage(), MainWindow::Page::Grading);
    QVERIFY(shown.first()->windowTitle().startsWith(QStringLiteral("library-hours.grading")));
    QCOMPARE(shown.first()->project()->document().calibration.size(), 8);
    QCOMPARE(shown.first()->project()->filePath(), QFileInfo(path).absoluteFilePath());
    QCOMPARE(fileWindowsOnTheirOwn(), 0);
    window.showPage(MainWindow::Page::Design);
    QCOMPARE(window.windowTitle(), title); // the open project was not closed
}

void TestOpenFiles::welcomeOpensTheGradingExample()
{
    MainWindow window;
    window.showPage(MainWindow::Page::Welcome);
    window.welcomePage()->gradingExampleButton()->click();
    const QList<GradingWorkspace*> shown = window.findChildren<GradingWorkspace*>();
    QCOMPARE(shown.size(), 1);
    QCOMPARE(window.currentPage(), MainWindow::Page::Grading);
    // The copy holds the rubric and all twelve submissions, the empty one too.
    QVERIFY(QFileInfo::exists(shown.first()->project()->resolve(
        QStringLiteral("library-hours-submissions/06_empty.txt"))));
    QTRY_VERIFY_WITH_TIMEOUT(shown.first()->results() != nullptr, 30000);
    QVERIFY2(shown.first()->results()->inputsRead(),
             qPrintable(shown.first()->results()->inputError));
    QCOMPARE(shown.first()->results()->submissions.size(), 12);
}

QTEST_MAIN(TestOpenFiles)
#include "tst_openfiles.moc"

// Files named on the command line, or handed over by a later launch, open in the window
// the way `probebench FILE...` opens them (WorkbenchApplication::openIn is what main calls).
#include "ExampleProbe.h"
#include "MainWindow.h"
#include "OpenFailureText.h"
#include "TestPaths.h"
#include "WorkbenchApplication.h"
#include "axes/AxesProject.h"
#include "axes/AxesWindow.h"
#include "design/PairTableModel.h"
#include "grading/GradingFileProject.h"
#include "grading/GradingWindow.h"
#include "judge/JudgeProject.h"
#include "judge/JudgeWindow.h"
#include "nameset/NameSetProject.h"
#include "nameset/NameSetWindow.h"
#include "pages/DesignPage.h"
#include "pages/WelcomePage.h"
#include "probe/ProbeReader.h"
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

template <class Window> QList<Window*> windowsOf()
{
    QList<Window*> out;
    for (QWidget* w : QApplication::topLevelWidgets()) {
        if (auto* j = qobject_cast<Window*>(w); j && j->isVisible())
            out << j;
    }
    return out;
}

QList<JudgeWindow*> judgeWindows()
{
    return windowsOf<JudgeWindow>();
}

void closeFileWindows()
{
    for (JudgeWindow* j : judgeWindows())
        delete j;
    for (NameSetWindow* n : windowsOf<NameSetWindow>())
        delete n;
    for (GradingWindow* g : windowsOf<GradingWindow>())
        delete g;
    for (AxesWindow* a : windowsOf<AxesWindow>())
        delete a;
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
    void cleanup();

    void probeOpensInTheMainWindow_data();
    void probeOpensInTheMainWindow();
    void judgeProbeOpensInAJudgeWindow();
    void handedOverFileReplacesTheProject();
    void brokenFileIsNamedInADialog();
    void nameSetOpensInANameSetWindow_data();
    void nameSetOpensInANameSetWindow();
    void axesProbeOpensInAnAxesWindow_data();
    void axesProbeOpensInAnAxesWindow();
    void gradingOpensInAGradingWindow_data();
    void gradingOpensInAGradingWindow();
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

void TestOpenFiles::cleanup()
{
    closeFileWindows();
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
    QVERIFY(judgeWindows().isEmpty());
}

void TestOpenFiles::judgeProbeOpensInAJudgeWindow()
{
    QTemporaryDir dir; // the judge probe's store is written next to it
    for (const QString& name : {QStringLiteral("library-padding.judge.json"),
                                QStringLiteral("library-hours.rubric.json")}) {
        QVERIFY(QFile::copy(example(name), dir.filePath(name)));
    }
    MainWindow window;
    WorkbenchApplication::openIn(&window,
                                 {dir.filePath(QStringLiteral("library-padding.judge.json"))});
    const QList<JudgeWindow*> judges = judgeWindows();
    QCOMPARE(judges.size(), 1);
    QVERIFY(judges.first()->windowTitle().contains(QStringLiteral("library-padding")));
    QVERIFY(judges.first()->project()->document().items.size() > 0);
    QCOMPARE(window.windowTitle(), QStringLiteral("Probe Workbench")); // main window untouched
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

void TestOpenFiles::nameSetOpensInANameSetWindow_data()
{
    QTest::addColumn<bool>("handedOver");
    QTest::addRow("argv or a drop") << true;
    QTest::addRow("Open or a recent file") << false;
}

void TestOpenFiles::nameSetOpensInANameSetWindow()
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
    const QList<NameSetWindow*> shown = windowsOf<NameSetWindow>();
    QCOMPARE(shown.size(), 1);
    QVERIFY(shown.first()->windowTitle().startsWith(QStringLiteral("resume-screening.names")));
    QCOMPARE(shown.first()->project()->document().names.size(), 32);
    QCOMPARE(shown.first()->project()->filePath(), QFileInfo(path).absoluteFilePath());
    QCOMPARE(window.windowTitle(), title); // the open project was not closed
    QVERIFY(judgeWindows().isEmpty());
}

void TestOpenFiles::axesProbeOpensInAnAxesWindow_data()
{
    QTest::addColumn<bool>("handedOver");
    QTest::addRow("argv or a drop") << true;
    QTest::addRow("Open or a recent file") << false;
}

void TestOpenFiles::axesProbeOpensInAnAxesWindow()
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
    const QList<AxesWindow*> shown = windowsOf<AxesWindow>();
    QCOMPARE(shown.size(), 1);
    QVERIFY(shown.first()->windowTitle().startsWith(QStringLiteral("style-and-names.axes")));
    QCOMPARE(shown.first()->project()->document().axes.size(), 3);
    QCOMPARE(shown.first()->project()->filePath(), QFileInfo(path).absoluteFilePath());
    QCOMPARE(window.windowTitle(), title); // the open project was not closed
}

void TestOpenFiles::gradingOpensInAGradingWindow_data()
{
    QTest::addColumn<bool>("handedOver");
    QTest::addRow("argv or a drop") << true;
    QTest::addRow("Open or a recent file") << false;
}

void TestOpenFiles::gradingOpensInAGradingWindow()
{
    QFETCH(bool, handedOver);
    closeFileWindows();
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
    const QList<GradingWindow*> shown = windowsOf<GradingWindow>();
    QCOMPARE(shown.size(), 1);
    QVERIFY(shown.first()->windowTitle().startsWith(QStringLiteral("library-hours.grading")));
    QCOMPARE(shown.first()->project()->document().calibration.size(), 8);
    QCOMPARE(shown.first()->project()->filePath(), QFileInfo(path).absoluteFilePath());
    QCOMPARE(window.windowTitle(), title); // the open project was not closed
    closeFileWindows();
}

void TestOpenFiles::welcomeOpensTheGradingExample()
{
    closeFileWindows();
    MainWindow window;
    window.showPage(MainWindow::Page::Welcome);
    window.welcomePage()->gradingExampleButton()->click();
    const QList<GradingWindow*> shown = windowsOf<GradingWindow>();
    QCOMPARE(shown.size(), 1);
    // The copy holds the rubric and all twelve submissions, the empty one too.
    QVERIFY(QFileInfo::exists(shown.first()->project()->resolve(
        QStringLiteral("library-hours-submissions/06_empty.txt"))));
    QTRY_VERIFY_WITH_TIMEOUT(shown.first()->results() != nullptr, 30000);
    QVERIFY2(shown.first()->results()->inputsRead(),
             qPrintable(shown.first()->results()->inputError));
    QCOMPARE(shown.first()->results()->submissions.size(), 12);
    closeFileWindows();
}

QTEST_MAIN(TestOpenFiles)
#include "tst_openfiles.moc"

// The judge window's Help menu (the main window's entries, on the same keys) and where its
// export starts: beside the probe, or in the documents folder, never the process's working
// folder.
#include "MainWindow.h"
#include "judge/JudgeProject.h"
#include "judge/JudgeReportPanel.h"
#include "judge/JudgeWorkspace.h"

#include <QAction>
#include <QDir>
#include <QMenu>
#include <QMenuBar>
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

QMenu* helpMenu(QMainWindow* window)
{
    for (QAction* a : window->menuBar()->actions()) {
        if (a->menu() && a->text() == QStringLiteral("&Help")) {
            return a->menu();
        }
    }
    return nullptr;
}

QMap<QString, QKeySequence> entries(QMenu* menu)
{
    QMap<QString, QKeySequence> out;
    for (QAction* a : menu->actions()) {
        if (!a->isSeparator()) {
            out.insert(a->text(), a->shortcut());
        }
    }
    return out;
}

} // namespace

class TestJudgeHelp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        initResources();
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-judgehelp"));
        QSettings().clear();
    }

    void judgePageKeepsTheWindowsHelp()
    {
        // One Help menu: showing the judge page changes none of its entries.
        MainWindow main;
        QMenu* help = helpMenu(&main);
        QVERIFY(help);
        const QMap<QString, QKeySequence> before = entries(help);
        QCOMPARE(before.value(QStringLiteral("&How a probe works")), QKeySequence(Qt::Key_F1));
        QCOMPARE(before.value(QStringLiteral("&About Probe Workbench")),
                 QKeySequence(Qt::SHIFT | Qt::Key_F1));
        QCOMPARE(before.value(QStringLiteral("&Judge padding demo")),
                 QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
        QVERIFY(main.openExample(MainWindow::Page::Judge, false));
        QCOMPARE(main.currentPage(), MainWindow::Page::Judge);
        QCOMPARE(helpMenu(&main), help);
        QCOMPARE(entries(help), before);
    }

    void exportStartsInTheResultsFolder_data()
    {
        QTest::addColumn<QString>("where");
        QTest::addRow("a probe in a folder") << "folder";
        QTest::addRow("the demo in the data folder") << "demo";
        QTest::addRow("no file yet") << "none";
    }
    void exportStartsInTheResultsFolder()
    {
        QFETCH(QString, where);
        // The process runs somewhere that is neither: the export must not start there.
        QTemporaryDir elsewhere;
        const QString before = QDir::currentPath();
        QVERIFY(QDir::setCurrent(elsewhere.path()));
        QTemporaryDir probeDir;
        JudgeWorkspace window;
        const QString documents =
            QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        QString expected = QFileInfo(documents).isDir() ? documents : QDir::homePath();
        if (where == QLatin1String("folder")) {
            JudgeProject demo;
            QString error;
            QVERIFY2(demo.newFromDemo(&error, probeDir.path()), qPrintable(error));
            QVERIFY(window.openPath(demo.filePath()));
            expected = demo.resultsFolder(); // where `probebench run` writes it
            QVERIFY(expected.startsWith(probeDir.path()));
        } else if (where == QLatin1String("demo")) {
            QVERIFY(window.openDemo());
            QVERIFY(window.project()->filePath().startsWith(
                QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
        }
        const QString folder = window.reportPanel()->defaultFolder();
        QDir::setCurrent(before);
        QCOMPARE(QDir::cleanPath(folder), QDir::cleanPath(expected));
        QVERIFY(QDir::cleanPath(folder) != QDir::cleanPath(elsewhere.path()));
    }
};

QTEST_MAIN(TestJudgeHelp)
#include "tst_judgehelp.moc"

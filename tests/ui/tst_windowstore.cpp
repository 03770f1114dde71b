// What the window does with a store it must not write: it refuses to open (or Save As onto)
// a store a CLI run holds, naming the run's process, and a CLI run refuses a store the window
// has open; a damaged store or another program's file is refused in plain words. The refusal
// is grabbed to PNG for a look (into $PB_SCREENSHOT_DIR when set).
#include "../cli/CliProcess.h"
#include "MainWindow.h"
#include "OpenFailureText.h"
#include "StoreDamage.h"
#include "TestPaths.h"
#include "judge/JudgeProject.h"
#include "judge/JudgeWorkspace.h"
#include "project/ProbeProject.h"
#include "store/StoreLock.h"
#include "widgets/NoticeBanner.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;

namespace {

QString example(const QString& name)
{
    return test::sourceDir() + QStringLiteral("/resources/examples/") + name;
}

// A CLI run of the tutorial against a slow fake server, holding `store` while it runs.
class RunningCli
{
public:
    RunningCli(const QString& out, const QString& store)
        : m_server({QStringLiteral("--latency-ms"), QStringLiteral("10")})
    {
        m_process.start(QStringLiteral(PB_PROBEBENCH),
                        {QStringLiteral("run"), example(QStringLiteral("style-probe.probe.json")),
                         QStringLiteral("--backend"), QStringLiteral("ollama"),
                         QStringLiteral("--endpoint"), m_server.url(), QStringLiteral("--model"),
                         QStringLiteral("fake-model:latest"), QStringLiteral("--out"), out,
                         QStringLiteral("--store"), store, QStringLiteral("--quiet")});
    }
    ~RunningCli()
    {
        m_process.kill();
        m_process.waitForFinished();
    }
    // Waits until the run holds its store and has calls under way.
    bool holds(const QString& store)
    {
        for (int i = 0; i < 300; ++i) {
            if (QFile::exists(StoreLock::lockPath(store)) && m_server.chatRequests() > 5) {
                return m_process.state() == QProcess::Running;
            }
            QTest::qWait(100);
        }
        return false;
    }
    qint64 pid() const { return m_process.processId(); }
    bool finish() { return m_process.waitForFinished(120000) && m_process.exitCode() == 0; }

private:
    test::FakeServer m_server;
    QProcess m_process;
};

QString heldBy(qint64 pid)
{
    return QStringLiteral("is in use by probebench, process %1, since ").arg(pid);
}

} // namespace

class TestWindowStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void windowRefusesAStoreTheCliHolds();
    void judgeWindowRefusesAStoreTheCliHolds();
    void cliRefusesAStoreTheWindowHolds();
    void saveAsMovesTheLock();
    void unusableFilesRefusedInPlainWords_data();
    void unusableFilesRefusedInPlainWords();
};

void TestWindowStore::initTestCase()
{
    Q_INIT_RESOURCE(resources);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-windowstore"));
    QSettings().clear();
}

void TestWindowStore::windowRefusesAStoreTheCliHolds()
{
    QTemporaryDir dir;
    const QString store = dir.filePath(QStringLiteral("shared.pbrun"));
    RunningCli cli(dir.filePath(QStringLiteral("out")), store);
    QVERIFY(cli.holds(store));

    MainWindow window;
    window.resize(1000, 700);
    window.show();
    QVERIFY(!window.openPath(store));
    const QString shown = test::openFailureText(&window);
    QVERIFY2(shown.contains(heldBy(cli.pid())), qPrintable(shown));
    window.grab().save(dir.filePath(QStringLiteral("refused.png")));
    const QString shot = qEnvironmentVariable("PB_SCREENSHOT_DIR");
    if (!shot.isEmpty()) {
        window.grab().save(QDir(shot).filePath(QStringLiteral("store-in-use.png")));
    }

    // Save As onto the store the CLI holds is refused too: it would replace the file the run
    // is writing (the run still ends with every call below).
    ProbeProject project;
    QString error;
    QVERIFY2(project.newFromExample(&error), qPrintable(error));
    QVERIFY(!project.saveAs(store, &error));
    QVERIFY2(error.contains(heldBy(cli.pid())), qPrintable(error));

    QVERIFY(cli.finish());
    QVERIFY2(window.openPath(store), qPrintable(window.banner()->text())); // free again
    QCOMPARE(window.project()->runs().size(), 1);
    QCOMPARE(window.project()->calls(window.project()->runs().front().id).size(), 480);
}

void TestWindowStore::judgeWindowRefusesAStoreTheCliHolds()
{
    QTemporaryDir dir;
    for (const char* name : {"library-padding.judge.json", "library-hours.rubric.json"}) {
        QVERIFY(QFile::copy(example(QLatin1String(name)), dir.filePath(QLatin1String(name))));
    }
    const QString probe = dir.filePath(QStringLiteral("library-padding.judge.json"));
    const QString store = JudgeProject::defaultStorePath(probe);
    QVERIFY(QDir().mkpath(QFileInfo(store).absolutePath()));
    RunningCli cli(dir.filePath(QStringLiteral("out")), store);
    QVERIFY(cli.holds(store));

    JudgeWorkspace window;
    QVERIFY(!window.openPath(probe));
    QVERIFY2(window.banner()->text().contains(heldBy(cli.pid())),
             qPrintable(window.banner()->text()));
    JudgeProject project;
    QString error;
    QVERIFY(!project.open(probe, &error));
    QVERIFY2(error.contains(heldBy(cli.pid())), qPrintable(error));
    QVERIFY(cli.finish());
    QVERIFY2(project.open(probe, &error), qPrintable(error));
    // Now the window holds it: a CLI run of the judge probe is refused.
    const test::CliOutcome refused =
        test::probebench({QStringLiteral("run"), probe, QStringLiteral("--quiet")}, 60000);
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(
        refused.err.contains(QStringLiteral("library-padding.pbrun is in use by %1, process %2")
                                 .arg(QFileInfo(QCoreApplication::applicationFilePath()).fileName())
                                 .arg(QCoreApplication::applicationPid())),
        qPrintable(refused.err));
}

void TestWindowStore::cliRefusesAStoreTheWindowHolds()
{
    QTemporaryDir dir;
    const QString store = dir.filePath(QStringLiteral("mine.pbrun"));
    const QStringList run{
        QStringLiteral("run"),     example(QStringLiteral("style-probe.probe.json")),
        QStringLiteral("--out"),   dir.filePath(QStringLiteral("out")),
        QStringLiteral("--store"), store,
        QStringLiteral("--quiet")};
    {
        ProbeProject project;
        QString error;
        QVERIFY2(project.newFromExample(&error), qPrintable(error));
        QVERIFY2(project.saveAs(store, &error), qPrintable(error));
        const test::CliOutcome refused = test::probebench(run, 60000);
        QCOMPARE(refused.exitCode, 1);
        const QString expected =
            QStringLiteral("mine.pbrun is in use by %1, process %2, since ")
                .arg(QFileInfo(QCoreApplication::applicationFilePath()).fileName())
                .arg(QCoreApplication::applicationPid());
        QVERIFY2(refused.err.contains(expected), qPrintable(refused.err));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("out/log.csv"))));
    }
    QCOMPARE(test::probebench(run, 60000).exitCode, 0); // closed: the CLI may write
}

void TestWindowStore::saveAsMovesTheLock()
{
    QTemporaryDir dir;
    ProbeProject project;
    QString error;
    QVERIFY2(project.newFromExample(&error), qPrintable(error));
    const QString untitled = project.filePath();
    QVERIFY(QFile::exists(StoreLock::lockPath(untitled)));
    const QString saved = dir.filePath(QStringLiteral("saved.pbrun"));
    QVERIFY2(project.saveAs(saved, &error), qPrintable(error));
    QVERIFY(QFile::exists(StoreLock::lockPath(saved)));
    QVERIFY(!QFile::exists(StoreLock::lockPath(untitled)));
    ProbeProject other;
    QVERIFY2(other.newFromExample(&error), qPrintable(error));
    QVERIFY2(other.open(saved, &error), qPrintable(error)); // same process: shared, not refused
}

void TestWindowStore::unusableFilesRefusedInPlainWords_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("expected");
    QTest::addRow("a damaged project")
        << QStringLiteral("damaged")
        << QStringLiteral("project.pbrun is damaged: part of the file can no longer be read");
    QTest::addRow("another program's database")
        << QStringLiteral("foreign") << QStringLiteral("is another program's SQLite database");
}

void TestWindowStore::unusableFilesRefusedInPlainWords()
{
    QFETCH(QString, kind);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("project.pbrun"));
    if (kind == QLatin1String("damaged")) {
        QCOMPARE(test::probebench({QStringLiteral("run"),
                                   example(QStringLiteral("style-probe.probe.json")),
                                   QStringLiteral("--out"), dir.path(), QStringLiteral("--store"),
                                   path, QStringLiteral("--quiet")})
                     .exitCode,
                 0);
        QString why;
        if (!test::damageCallsPage(path, &why)) {
            QSKIP(qPrintable(why));
        }
    } else {
        // A SQLite file another program marked as its own, under our extension.
        QCOMPARE(test::probebench({QStringLiteral("run"),
                                   example(QStringLiteral("style-probe.probe.json")),
                                   QStringLiteral("--out"), dir.path(), QStringLiteral("--store"),
                                   path, QStringLiteral("--quiet"), QStringLiteral("--limit-seeds"),
                                   QStringLiteral("1")})
                     .exitCode,
                 0);
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("f"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("PRAGMA application_id=7")));
        q.finish();
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("f"));
    }
    MainWindow window;
    window.resize(1000, 700);
    window.show();
    QVERIFY(!window.openPath(path));
    const QString shown = test::openFailureText(&window);
    QVERIFY2(shown.contains(expected), qPrintable(shown));
    QVERIFY2(!shown.contains(QStringLiteral("malformed")) &&
                 !shown.contains(QStringLiteral("Unable to")),
             qPrintable(shown));
    const QString shot = qEnvironmentVariable("PB_SCREENSHOT_DIR");
    if (!shot.isEmpty()) {
        window.grab().save(QDir(shot).filePath(QStringLiteral("store-%1.png").arg(kind)));
    }
}

QTEST_MAIN(TestWindowStore)
#include "tst_windowstore.moc"

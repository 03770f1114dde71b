// `probebench FILE...` as a file manager runs it: the files open in a window, a second launch
// hands its files to the window already open (one window per user), and what is neither a
// command nor a readable file gets the help text and exit 2.
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

namespace {

constexpr int kStartMs = 60000;

QString example(const QString& name)
{
    return pb::test::sourceDir() + QStringLiteral("/resources/examples/") + name;
}

// A user of their own: runtime folder (where the window's socket lives), settings, data.
class FreshUser
{
public:
    FreshUser()
    {
        for (const char* sub : {"runtime", "config", "data", "cache"})
            QDir(m_home.path()).mkpath(QLatin1String(sub));
        QFile::setPermissions(runtime(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.insert(QStringLiteral("HOME"), m_home.path());
        m_env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime());
        m_env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
        m_env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
        m_env.insert(QStringLiteral("XDG_CACHE_HOME"), m_home.filePath(QStringLiteral("cache")));
        m_env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    }

    QString runtime() const { return m_home.filePath(QStringLiteral("runtime")); }
    QString socket() const { return runtime() + QStringLiteral("/probebench-window"); }
    QString file(const QString& name) const { return m_home.filePath(name); }

    // The files the window has opened, newest first, as it keeps them for File > Open Recent.
    QStringList recentFiles() const
    {
        QSettings settings(
            m_home.filePath(QStringLiteral("config/probebench/Probe Workbench.conf")),
            QSettings::IniFormat);
        return settings.value(QStringLiteral("recentFiles")).toStringList();
    }

    std::unique_ptr<QProcess> start(const QStringList& args) const
    {
        auto p = std::make_unique<QProcess>();
        p->setProcessEnvironment(m_env);
        p->setWorkingDirectory(m_home.path());
        p->start(QStringLiteral(PB_PROBEBENCH), args);
        return p;
    }

private:
    QTemporaryDir m_home;
    QProcessEnvironment m_env;
};

void stop(QProcess* window)
{
    window->kill();
    window->waitForFinished(10000);
}

} // namespace

class TestCliWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void neitherCommandNorFile_data();
    void neitherCommandNorFile();
    void secondLaunchHandsItsFileToTheFirst();
    void windowLeftByACrashIsReplaced();
};

void TestCliWindow::neitherCommandNorFile_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("named");
    QTest::addRow("a typo of a command")
        << QStringList{QStringLiteral("rnu")} << QStringLiteral("rnu");
    QTest::addRow("a file that is not there") << QStringList{QStringLiteral("missing.probe.json")}
                                              << QStringLiteral("missing.probe.json");
    QTest::addRow("a folder") << QStringList{QStringLiteral(".")} << QStringLiteral(".");
    QTest::addRow("second of two") << QStringList{example(QStringLiteral("style-probe.probe.json")),
                                                  QStringLiteral("nope.pbrun")}
                                   << QStringLiteral("nope.pbrun");
}

void TestCliWindow::neitherCommandNorFile()
{
    QFETCH(QStringList, args);
    QFETCH(QString, named);
    FreshUser user;
    const auto p = user.start(args);
    QVERIFY(p->waitForFinished(kStartMs));
    QCOMPARE(p->exitCode(), 2);
    const QString err = QString::fromUtf8(p->readAllStandardError());
    QVERIFY2(
        err.contains(QStringLiteral("\"%1\" is neither a command nor a readable file").arg(named)),
        qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("probebench FILE...")), qPrintable(err));
    QVERIFY(!QFileInfo::exists(user.socket())); // no window was started
}

void TestCliWindow::secondLaunchHandsItsFileToTheFirst()
{
    FreshUser user;
    for (const QString& name : {QStringLiteral("library-padding.judge.json"),
                                QStringLiteral("library-hours.rubric.json")})
        QVERIFY(QFile::copy(example(name), user.file(name)));

    const auto first = user.start({example(QStringLiteral("style-probe.probe.json"))});
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(user.socket()), kStartMs);
    QCOMPARE(first->state(), QProcess::Running);
    // The probe file opened as an untitled project, which the window keeps among its recent files.
    QTRY_VERIFY_WITH_TIMEOUT(!user.recentFiles().isEmpty(), kStartMs);

    // Relative to the second launch's own folder: the first window gets the absolute path.
    const auto second = user.start({QStringLiteral("library-padding.judge.json")});
    QVERIFY(second->waitForFinished(kStartMs));
    QCOMPARE(second->exitCode(), 0);
    QVERIFY2(QString::fromUtf8(second->readAllStandardOutput())
                 .contains(QStringLiteral("opened in the workbench window already open")),
             qPrintable(QString::fromUtf8(second->readAllStandardError())));
    QTRY_COMPARE_WITH_TIMEOUT(user.recentFiles().value(0),
                              user.file(QStringLiteral("library-padding.judge.json")), kStartMs);

    // A plain second launch only brings the open window forward.
    const auto third = user.start({});
    QVERIFY(third->waitForFinished(kStartMs));
    QCOMPARE(third->exitCode(), 0);
    QVERIFY(QString::fromUtf8(third->readAllStandardOutput())
                .contains(QStringLiteral("the workbench window is already open")));
    QCOMPARE(first->state(), QProcess::Running);
    stop(first.get());
}

void TestCliWindow::windowLeftByACrashIsReplaced()
{
    FreshUser user;
    const QString probe = example(QStringLiteral("style-probe.probe.json"));
    const auto crashed = user.start({probe});
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(user.socket()), kStartMs);
    stop(crashed.get()); // killed: its socket file stays behind
    QVERIFY(QFileInfo::exists(user.socket()));

    const auto next = user.start({probe});
    QVERIFY(!next->waitForFinished(3000)); // it became the window instead of handing over
    const auto later = user.start({probe});
    QVERIFY(later->waitForFinished(kStartMs));
    QCOMPARE(later->exitCode(), 0);
    QCOMPARE(next->state(), QProcess::Running);
    stop(next.get());
}

QTEST_GUILESS_MAIN(TestCliWindow)
#include "tst_cli_window.moc"

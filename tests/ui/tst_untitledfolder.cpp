// Untitled projects left unused by earlier sessions are cleared from the data folder; any
// that holds something of the user's, is in use, is recent or is another file stays.
#include "MainWindow.h"
#include "StoreReads.h"
#include "probe/ProbeWriter.h"
#include "project/ProbeProject.h"
#include "project/UntitledFolder.h"
#include "store/RunStore.h"

#include <QDir>
#include <QFile>
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

// A store at path holding draft (and a run, a by-hand sheet or an open -wal when asked),
// last changed `age` seconds ago.
void makeStore(const QString& path, const QString& draft, const QString& extra, qint64 age)
{
    {
        RunStore store;
        QString error;
        QVERIFY2(store.open(path, &error), qPrintable(error));
        QVERIFY(store.saveDraft(draft, &error));
        if (extra == QLatin1String("run")) {
            RunRecord run;
            run.title = QStringLiteral("a run");
            run.created = QDateTime::currentDateTimeUtc();
            run.appVersion = QStringLiteral("test");
            run.configHash = QStringLiteral("abc");
            run.probeJson = draft;
            QVERIFY2(store.createRun(run, &error) > 0, qPrintable(error));
        }
        if (extra == QLatin1String("by hand")) {
            QVERIFY(store.saveByHandSheet(QStringLiteral("{\"rows\": []}"), &error));
        }
    }
    if (extra == QLatin1String("in use")) {
        QFile wal(path + QStringLiteral("-wal"));
        QVERIFY(wal.open(QIODevice::WriteOnly));
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.setFileTime(QDateTime::currentDateTimeUtc().addSecs(-age),
                             QFileDevice::FileModificationTime));
}

} // namespace

class TestUntitledFolder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        initResources();
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-untitled"));
    }

    void removesOnlyWhatHoldsNothing_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("draft"); // "tutorial", "blank" or "edited"
        QTest::addColumn<QString>("extra");
        QTest::addColumn<qint64>("age");
        QTest::addColumn<bool>("removed");
        const qint64 day = 24 * 3600;
        QTest::addRow("unused tutorial") << "untitled-20260101-100000-000.pbrun"
                                         << "tutorial"
                                         << "" << day << true;
        QTest::addRow("unused New") << "untitled-20260101-100001-000.pbrun"
                                    << "blank"
                                    << "" << day << true;
        QTest::addRow("edited") << "untitled-20260101-100002-000.pbrun"
                                << "edited"
                                << "" << day << false;
        QTest::addRow("with a run") << "untitled-20260101-100003-000.pbrun"
                                    << "tutorial"
                                    << "run" << day << false;
        QTest::addRow("by hand") << "untitled-20260101-100004-000.pbrun"
                                 << "tutorial"
                                 << "by hand" << day << false;
        QTest::addRow("in use") << "untitled-20260101-100005-000.pbrun"
                                << "tutorial"
                                << "in use" << day << false;
        QTest::addRow("just made") << "untitled-20260101-100006-000.pbrun"
                                   << "tutorial"
                                   << "" << qint64(60) << false;
        QTest::addRow("kept by name") << "style.pbrun"
                                      << "tutorial"
                                      << "" << day << false;
        QTest::addRow("the one to reopen") << "untitled-keep.pbrun"
                                           << "tutorial"
                                           << "" << day << false;
    }
    void removesOnlyWhatHoldsNothing()
    {
        QFETCH(QString, name);
        QFETCH(QString, draft);
        QFETCH(QString, extra);
        QFETCH(qint64, age);
        QFETCH(bool, removed);
        QTemporaryDir folder;
        const QStringList blanks = UntitledFolder::blankDrafts();
        QCOMPARE(blanks.size(), 2);
        ProbeDocument edited = ProbeProject::blankDocument();
        edited.title = QStringLiteral("My own probe");
        const QString json = draft == QLatin1String("tutorial") ? blanks.at(1)
                             : draft == QLatin1String("blank")
                                 ? blanks.at(0)
                                 : QString::fromUtf8(ProbeWriter::toJson(edited));
        const QString path = folder.filePath(name);
        makeStore(path, json, extra, age);
        const QString keep = folder.filePath(QStringLiteral("untitled-keep.pbrun"));
        const QStringList gone = UntitledFolder::removeUnused(folder.path(), blanks, keep);
        QCOMPARE(!QFileInfo::exists(path), removed);
        QCOMPARE(gone, removed ? QStringList{QFileInfo(path).absoluteFilePath()} : QStringList{});
    }

    // What New and the tutorial write is what the folder treats as blank.
    void blankDraftsAreWhatNewWrites()
    {
        const QStringList blanks = UntitledFolder::blankDrafts();
        for (bool tutorial : {false, true}) {
            ProbeProject project;
            QString error;
            QVERIFY(tutorial ? project.newFromExample(&error) : project.newEmpty(&error));
            RunStore store;
            QVERIFY(store.open(project.filePath(), &error));
            QVERIFY(blanks.contains(test::loadDraft(store)));
        }
    }

    void windowClearsThemAtStart()
    {
        QSettings().clear();
        QDir().mkpath(UntitledFolder::path());
        const QString old = QDir(UntitledFolder::path())
                                .filePath(QStringLiteral("untitled-20250101-090000-000.pbrun"));
        makeStore(old, UntitledFolder::blankDrafts().at(1), QString(), 2 * 24 * 3600);
        MainWindow window;
        window.openInitial();
        QTRY_VERIFY(!QFileInfo::exists(old));
    }
};

QTEST_MAIN(TestUntitledFolder)
#include "tst_untitledfolder.moc"

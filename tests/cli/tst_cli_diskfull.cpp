// A write the system refuses (a full disk, a file size limit) ends `probebench run` with exit
// 1, the file named with the system's reason, and the previous results left as they were.
// The store's own "database or disk is full" reaches the user too.
#include "CliProcess.h"
#include "SmallDisk.h"
#include "TestPaths.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using pb::test::CliOutcome;
using pb::test::probebench;

namespace {

QStringList standInArgs(const QString& out)
{
    return {QStringLiteral("run"),
            pb::test::sourceDir() + QStringLiteral("/resources/examples/style-probe.probe.json"),
            QStringLiteral("--out"), out, QStringLiteral("--quiet")};
}

QByteArray digest(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly)
               ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256)
               : QByteArray("(missing)");
}

int callsMade(const QString& dir)
{
    QFile f(dir + QStringLiteral("/summary.json"));
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll())
                                             .object()
                                             .value(QStringLiteral("calls_made"))
                                             .toInt()
                                       : -1;
}

int storedCalls(const QString& store)
{
    int n = -1;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("c"));
        db.setDatabaseName(store);
        QSqlQuery q(db);
        if (db.open() && q.exec(QStringLiteral("SELECT count(*) FROM calls")) && q.next()) {
            n = q.value(0).toInt();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("c"));
    return n;
}

} // namespace

class TestCliDiskFull : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void refusedResultsWriteExitsOne();
    void fullDiskForResults();
    void fullDiskForTheStore();
};

void TestCliDiskFull::refusedResultsWriteExitsOne()
{
    // Injected: the rerun may not write a file past 64 KB, and log.csv is twice that.
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out"));
    QCOMPARE(probebench(standInArgs(out)).exitCode, 0);
    QFile previous(out + QStringLiteral("/log.csv"));
    QVERIFY(previous.open(QIODevice::WriteOnly | QIODevice::Truncate));
    previous.write("the previous log\r\n");
    previous.close();
    const QByteArray reportBefore = digest(out + QStringLiteral("/report.md"));
    const QByteArray summaryBefore = digest(out + QStringLiteral("/summary.json"));

    const CliOutcome r = probebench(standInArgs(out), 120000,
                                    [] { pb::test::FileSizeLimit::applyInChild(64 * 1024); });
    QCOMPARE(r.exitCode, 1); // not 2: nothing was wrong with the input
    QVERIFY2(r.err.contains(out + QStringLiteral("/log.csv: cannot write: File too large")),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("unchanged")), qPrintable(r.err));
    QVERIFY2(!r.out.contains(QStringLiteral("calls logged")), qPrintable(r.out));
    QFile after(out + QStringLiteral("/log.csv"));
    QVERIFY(after.open(QIODevice::ReadOnly));
    QCOMPARE(after.readAll(), QByteArray("the previous log\r\n"));
    QCOMPARE(digest(out + QStringLiteral("/report.md")), reportBefore);
    QCOMPARE(digest(out + QStringLiteral("/summary.json")), summaryBefore);
}

void TestCliDiskFull::fullDiskForResults()
{
    // Results on a 100 KB disk: a 2-seed run's fit, the full run's log.csv does not.
    const pb::test::SmallDisk disk(100);
    if (!disk.ok()) {
        QSKIP(qPrintable(disk.why()));
    }
    QTemporaryDir dir;
    const QString out = disk.filePath(QStringLiteral("out"));
    const QStringList args =
        standInArgs(out) +
        QStringList{QStringLiteral("--store"), dir.filePath(QStringLiteral("s.pbrun"))};
    QCOMPARE(probebench(args + QStringList{QStringLiteral("--limit-seeds"), QStringLiteral("2")})
                 .exitCode,
             0);
    QCOMPARE(callsMade(out), 48);
    const QByteArray logBefore = digest(out + QStringLiteral("/log.csv"));

    const CliOutcome r = probebench(args);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral(": cannot write: No space left on device")),
             qPrintable(r.err));
    QCOMPARE(callsMade(out), 48); // the previous complete results stay
    QCOMPARE(digest(out + QStringLiteral("/log.csv")), logBefore);
    QCOMPARE(storedCalls(dir.filePath(QStringLiteral("s.pbrun"))), 480); // the calls are kept
}

void TestCliDiskFull::fullDiskForTheStore()
{
    const pb::test::SmallDisk disk(160);
    if (!disk.ok()) {
        QSKIP(qPrintable(disk.why()));
    }
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out"));
    const QString store = disk.filePath(QStringLiteral("s.pbrun"));
    const CliOutcome r =
        probebench(standInArgs(out) + QStringList{QStringLiteral("--store"), store});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(store + QStringLiteral(": cannot record a call: the disk is full "
                                                   "(SQLite: database or disk is full)")),
             qPrintable(r.err));
    // What was recorded before the disk filled is kept, and the results say so.
    const int kept = storedCalls(store);
    QVERIFY(kept > 0 && kept < 480);
    QCOMPARE(callsMade(out), kept);
}

QTEST_GUILESS_MAIN(TestCliDiskFull)
#include "tst_cli_diskfull.moc"

// The run store from the command line: one writer per store, a damaged or foreign file
// refused untouched, what can still be read salvaged, and results never rewritten from fewer
// calls than the results they would replace.
#include "CliProcess.h"
#include "StoreDamage.h"
#include "TestPaths.h"
#include "csv/CsvTable.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using pb::test::CliOutcome;
using pb::test::FakeServer;
using pb::test::probebench;

namespace {

QString example()
{
    return pb::test::sourceDir() + QStringLiteral("/resources/examples/style-probe.probe.json");
}

QStringList standInArgs(const QString& out)
{
    return {QStringLiteral("run"), example(), QStringLiteral("--out"), out,
            QStringLiteral("--quiet")};
}

QStringList ollamaArgs(const QString& url, const QString& out)
{
    return {QStringLiteral("run"),        example(),
            QStringLiteral("--backend"),  QStringLiteral("ollama"),
            QStringLiteral("--endpoint"), url,
            QStringLiteral("--model"),    QStringLiteral("fake-model:latest"),
            QStringLiteral("--out"),      out,
            QStringLiteral("--quiet")};
}

QByteArray digest(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly)
               ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256)
               : QByteArray("(missing)");
}

QList<pb::CsvRecord> csvRows(const QString& path)
{
    QFile f(path);
    QList<pb::CsvRecord> rows;
    QString error;
    if (f.open(QIODevice::ReadOnly)) {
        pb::CsvTable::parse(f.readAll(), &rows, &error);
    }
    return rows;
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

} // namespace

class TestCliStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void secondRunRefusedBeforeAnyCall_data();
    void secondRunRefusedBeforeAnyCall();
    void damagedStoreRefusedResultsKept();
    void foreignStoreRefusedUntouched();
    void salvageWritesWhatCanBeRead_data();
    void salvageWritesWhatCanBeRead();
    void fewerCallsNeverReplaceResults_data();
    void fewerCallsNeverReplaceResults();
};

void TestCliStore::secondRunRefusedBeforeAnyCall_data()
{
    QTest::addColumn<bool>("sameFolder");
    QTest::addRow("the identical command") << true;
    QTest::addRow("the same store, another results folder") << false;
}

void TestCliStore::secondRunRefusedBeforeAnyCall()
{
    QFETCH(bool, sameFolder);
    QTemporaryDir dir;
    FakeServer server({QStringLiteral("--latency-ms"), QStringLiteral("10")});
    FakeServer untouched; // where the second run would send its calls
    QVERIFY(server.ok() && untouched.ok());
    const QString out = dir.filePath(QStringLiteral("out"));
    const QString store = out + QStringLiteral("/style-probe.pbrun");
    QProcess first;
    first.start(QStringLiteral(PB_PROBEBENCH), ollamaArgs(server.url(), out));
    QTRY_VERIFY_WITH_TIMEOUT(
        QFile::exists(store + QStringLiteral(".lock")) && server.chatRequests() > 10, 30000);

    const QString otherOut = dir.filePath(QStringLiteral("elsewhere"));
    QStringList second =
        ollamaArgs(sameFolder ? server.url() : untouched.url(), sameFolder ? out : otherOut);
    if (!sameFolder) {
        second << QStringLiteral("--store") << store;
    }
    const CliOutcome refused = probebench(second, 30000);
    QCOMPARE(first.state(), QProcess::Running); // the refusal came while the first ran
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("style-probe.pbrun is in use by probebench, "
                                                 "process %1, since ")
                                      .arg(first.processId())),
             qPrintable(refused.err));
    QCOMPARE(untouched.chatRequests(), 0);
    QVERIFY(!QFile::exists(out + QStringLiteral("/log.csv"))); // no partial results
    QVERIFY(!QFile::exists(out + QStringLiteral("/summary.json")));
    QVERIFY(!QFileInfo::exists(otherOut));

    QVERIFY(first.waitForFinished(120000));
    QCOMPARE(first.exitCode(), 0);
    QCOMPARE(server.chatRequests(), 480); // not one call asked twice
    QCOMPARE(callsMade(out), 480);
    QVERIFY(!QFile::exists(store + QStringLiteral(".lock"))); // let go at the end
}

void TestCliStore::damagedStoreRefusedResultsKept()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out"));
    QCOMPARE(probebench(standInArgs(out)).exitCode, 0);
    const QString store = out + QStringLiteral("/style-probe.pbrun");
    QString why;
    if (!pb::test::damageCallsPage(store, &why)) {
        QSKIP(qPrintable(why));
    }
    const QByteArray storeBefore = digest(store);
    QHash<QString, QByteArray> before;
    for (const QString& name : QDir(out).entryList(QDir::Files)) {
        before.insert(name, digest(out + QLatin1Char('/') + name));
    }
    QCOMPARE(before.size(), 5); // the store and the four results, no SQLite side files

    const CliOutcome r = probebench(standInArgs(out));
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("style-probe.pbrun is damaged")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("probebench salvage")), qPrintable(r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("malformed")), qPrintable(r.err));
    QCOMPARE(digest(store), storeBefore);
    for (auto it = before.cbegin(); it != before.cend(); ++it) {
        QVERIFY2(digest(out + QLatin1Char('/') + it.key()) == it.value(), qPrintable(it.key()));
    }
}

void TestCliStore::foreignStoreRefusedUntouched()
{
    QTemporaryDir dir;
    const QString other = dir.filePath(QStringLiteral("addresses.sqlite"));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("o"));
        db.setDatabaseName(other);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("CREATE TABLE people(name TEXT)")));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("o"));
    const QByteArray before = digest(other);
    const CliOutcome r = probebench(standInArgs(dir.filePath(QStringLiteral("out"))) +
                                    QStringList{QStringLiteral("--store"), other});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("addresses.sqlite is another program's SQLite "
                                           "database (tables people)")),
             qPrintable(r.err));
    QCOMPARE(digest(other), before);
}

void TestCliStore::salvageWritesWhatCanBeRead_data()
{
    QTest::addColumn<bool>("damaged");
    QTest::addColumn<int>("exitCode");
    QTest::addRow("a damaged store") << true << 3;
    QTest::addRow("a whole store") << false << 0;
}

void TestCliStore::salvageWritesWhatCanBeRead()
{
    QFETCH(bool, damaged);
    QFETCH(int, exitCode);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out"));
    QCOMPARE(probebench(standInArgs(out)).exitCode, 0);
    const QString store = out + QStringLiteral("/style-probe.pbrun");
    QString why;
    if (damaged && !pb::test::damageCallsPage(store, &why)) {
        QSKIP(qPrintable(why));
    }
    const QByteArray storeBefore = digest(store);
    const QString saved = dir.filePath(QStringLiteral("saved"));
    const CliOutcome r =
        probebench({QStringLiteral("salvage"), store, QStringLiteral("--out"), saved});
    QCOMPARE(r.exitCode, exitCode);
    QCOMPARE(digest(store), storeBefore); // only read
    const QList<pb::CsvRecord> rows = csvRows(saved + QStringLiteral("/log.csv"));
    const qsizetype calls = rows.size() - 1;
    if (damaged) {
        // One page of rows is lost; the rows after it are read past the damage.
        QVERIFY2(calls > 400 && calls < 480, qPrintable(QString::number(calls)));
        QVERIFY2(r.out.contains(QStringLiteral("The store is damaged")), qPrintable(r.out));
    } else {
        QCOMPARE(calls, 480);
    }
    QVERIFY2(r.out.contains(
                 QStringLiteral("%1 calls could be read of the 480 the run planned").arg(calls)),
             qPrintable(r.out));
    const qsizetype flags = rows.first().fields.indexOf(QStringLiteral("flags"));
    QVERIFY(flags >= 0);
    for (qsizetype i = 1; i < rows.size(); ++i) {
        QVERIFY(rows.at(i).fields.at(flags).endsWith(QStringLiteral("salvaged")));
    }
    QVERIFY(QFile::exists(saved + QStringLiteral("/SALVAGED.txt")));
    const CliOutcome analysed =
        probebench({QStringLiteral("analyze"), saved + QStringLiteral("/log.csv")});
    QCOMPARE(analysed.exitCode, 0);
    QVERIFY2(analysed.out.contains(QStringLiteral("%1 rows read").arg(calls)),
             qPrintable(analysed.out));

    // Never over a log that is there already: that may be the complete one.
    const CliOutcome again =
        probebench({QStringLiteral("salvage"), store, QStringLiteral("--out"), out});
    QCOMPARE(again.exitCode, 2);
    QVERIFY2(again.err.contains(QStringLiteral("holds a log.csv already")), qPrintable(again.err));
}

void TestCliStore::fewerCallsNeverReplaceResults_data()
{
    QTest::addColumn<bool>("olderSummary");
    QTest::addRow("summary with its evidence") << false;
    QTest::addRow("summary written before evidence was recorded") << true;
}

void TestCliStore::fewerCallsNeverReplaceResults()
{
    QFETCH(bool, olderSummary);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out"));
    const QString store = out + QStringLiteral("/style-probe.pbrun");
    const QStringList dry =
        standInArgs(out) + QStringList{QStringLiteral("--limit-seeds"), QStringLiteral("2")};
    QCOMPARE(probebench(dry).exitCode, 0);
    QVERIFY(QFile::copy(store, dir.filePath(QStringLiteral("early.pbrun")))); // 48 calls
    QCOMPARE(probebench(standInArgs(out)).exitCode, 0);
    QCOMPARE(callsMade(out), 480);
    if (olderSummary) {
        QFile f(out + QStringLiteral("/summary.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject summary = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        summary.remove(QStringLiteral("evidence"));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(summary).toJson());
    }
    // The store is put back to an earlier copy of itself, as a restored backup would be.
    QVERIFY(QFile::remove(store));
    QVERIFY(QFile::copy(dir.filePath(QStringLiteral("early.pbrun")), store));
    const QByteArray summaryBefore = digest(out + QStringLiteral("/summary.json"));
    const QByteArray logBefore = digest(out + QStringLiteral("/log.csv"));

    const CliOutcome r = probebench(dry);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("written from 480 calls of run 1 in style-probe.pbrun, "
                                           "but the store now gives only 48 of them")),
             qPrintable(r.err));
    QCOMPARE(digest(out + QStringLiteral("/summary.json")), summaryBefore);
    QCOMPARE(digest(out + QStringLiteral("/log.csv")), logBefore);
}

QTEST_GUILESS_MAIN(TestCliStore)
#include "tst_cli_store.moc"

// StoredRunReader, the one reader behind the CLI's results folder and the window's Results
// and Report pages, and the store discipline it relies on: a connection held open (the
// window's) sees what another connection (a run's) commits, because every read ends its
// transaction.
#include "ExampleProbe.h"
#include "ProbeRuns.h"
#include "StoreReads.h"
#include "probe/ProbeReader.h"
#include "probe/ProbeWriter.h"
#include "report/NumberText.h"
#include "report/ReportBuilder.h"
#include "report/StoredRunReader.h"
#include "run/BackgroundRun.h"
#include "run/RunConfiguration.h"
#include "store/RunStore.h"

#include <QFileInfo>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;

namespace {

ProbeDocument tutorial()
{
    const ProbeLoadResult r = ProbeReader::readFile(test::exampleProbePath());
    if (!r.ok()) {
        qFatal("%s", qPrintable(r.errorText()));
    }
    return *r.document;
}

qint64 runTutorial(const QString& store, int seedLimit = 0)
{
    BackgroundRun run;
    QSignalSpy finished(&run, &BackgroundRun::finished);
    test::startProbe(run, tutorial(), store, seedLimit);
    if (!finished.wait(120000)) {
        return 0;
    }
    return run.runId();
}

// True when a checkpoint could reset the log: no connection holds a read transaction on it.
// A connection of its own with no busy wait, so a reader left open shows at once.
bool logIsFree(const QString& path)
{
    bool free = false;
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("checkpoint"));
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=0"));
        if (db.open()) {
            QSqlQuery q(db);
            // Columns: busy, frames in the log, frames checkpointed.
            free = q.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")) && q.next() &&
                   q.value(0).toInt() == 0;
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("checkpoint"));
    return free;
}

LoggedCall answered(qint64 run, int seed)
{
    LoggedCall c;
    c.runId = run;
    c.callIndex = quint64(seed);
    c.time = QDateTime::currentDateTimeUtc();
    c.itemId = QStringLiteral("1");
    c.variant = QStringLiteral("formal");
    c.seed = seed;
    c.status = CallStatus::Ok;
    c.reply = QStringLiteral("1. Open it.\n2. Read it.");
    c.metricValue = 2;
    return c;
}

} // namespace

class TestStoredRunReader : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_store;
    qint64 m_run = 0;

private Q_SLOTS:
    void initTestCase();
    void readsTheTutorialsNumbers();
    void anOpenStoreAndAFreshConnectionAgree();
    void incompleteRunSaysSo();
    void missingRunOrFileIsAnError();
    void aSecondConnectionsWritesAreSeen();
    void everyReadEndsItsTransaction_data();
    void everyReadEndsItsTransaction();
    void aReadLeftOpenWouldBeCaught();
};

void TestStoredRunReader::initTestCase()
{
    m_store = m_dir.filePath(QStringLiteral("tutorial.pbrun"));
    m_run = runTutorial(m_store);
    QVERIFY(m_run > 0);
}

void TestStoredRunReader::readsTheTutorialsNumbers()
{
    QString error;
    const std::optional<RunEvidence> e = StoredRunReader::read(m_store, m_run, &error);
    QVERIFY2(e, qPrintable(error));
    QCOMPARE(e->analysis.callsLogged, 480);
    QCOMPARE(NumberText::signedFixed(e->analysis.probe.table.averageGap(), 2),
             QStringLiteral("+0.70"));
    QCOMPARE(NumberText::pValue(e->analysis.probe.signFlip.p), QStringLiteral("0.016"));
    QVERIFY(e->context.completeness);
    QCOMPARE(e->context.completeness->planned, 480);
    QCOMPARE(e->context.completeness->answered, 480);
    QVERIFY(e->context.pairMismatches.isEmpty());
    QCOMPARE(e->context.source, QStringLiteral("run %1 in tutorial.pbrun").arg(m_run));
    const QString md = ReportBuilder::build(e->context, e->analysis).toMarkdown();
    QVERIFY(md.contains(QStringLiteral("Calls logged: 480, of which 0 failed")));
    QVERIFY(!md.contains(QStringLiteral("Incomplete")));
    QVERIFY(!md.contains(QStringLiteral("Pairs that differ")));
}

void TestStoredRunReader::anOpenStoreAndAFreshConnectionAgree()
{
    RunStore store;
    QString error;
    QVERIFY2(store.open(m_store, &error), qPrintable(error));
    QVERIFY(store.recordEvent(m_run, QStringLiteral("stopped"),
                              QStringLiteral("the server went away"), &error));
    const std::optional<RunEvidence> open = StoredRunReader::read(store, m_run, &error);
    const std::optional<RunEvidence> fresh = StoredRunReader::read(m_store, m_run, &error);
    QVERIFY2(open && fresh, qPrintable(error));
    QCOMPARE(open->analysis.callsLogged, fresh->analysis.callsLogged);
    QCOMPARE(open->events.size(), 1);
    QCOMPARE(fresh->events.size(), 1);
    // The run's events reach the report (the window's report once left them out).
    ReportContext a = open->context;
    ReportContext b = fresh->context;
    a.generated = b.generated;
    const QString md = ReportBuilder::build(a, open->analysis).toMarkdown();
    QCOMPARE(md, ReportBuilder::build(b, fresh->analysis).toMarkdown());
    QVERIFY(md.contains(QStringLiteral("stopped: the server went away")));
}

void TestStoredRunReader::incompleteRunSaysSo()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("dry.pbrun"));
    const qint64 run = runTutorial(path, 3); // a dry run: 3 of 20 seeds
    QVERIFY(run > 0);
    QString error;
    const std::optional<RunEvidence> e = StoredRunReader::read(path, run, &error);
    QVERIFY2(e, qPrintable(error));
    QCOMPARE(e->context.completeness->answered, 72);
    const QString md = ReportBuilder::build(e->context, e->analysis).toMarkdown();
    QVERIFY2(md.contains(QStringLiteral("Incomplete: 408 of 480 calls missing; Start resumes.")),
             qPrintable(md));
    QVERIFY(md.contains(QStringLiteral("from the 72 calls answered so far")));
}

void TestStoredRunReader::missingRunOrFileIsAnError()
{
    QString error;
    QVERIFY(!StoredRunReader::read(m_store, 999, &error));
    QVERIFY2(error.contains(QStringLiteral("tutorial.pbrun: holds no run 999")), qPrintable(error));
    const QString missing = m_dir.filePath(QStringLiteral("none.pbrun"));
    QVERIFY(!StoredRunReader::read(missing, 1, &error));
    QVERIFY2(error.contains(QStringLiteral("none.pbrun: no such file")), qPrintable(error));
    QVERIFY(!QFileInfo::exists(missing)); // reading never creates a store
}

void TestStoredRunReader::aSecondConnectionsWritesAreSeen()
{
    // The window keeps one connection open for as long as the project is; a run writes
    // through its own. Each read through the first must see the second's commits.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("two.pbrun"));
    RunStore window;
    RunStore run;
    QString error;
    QVERIFY2(window.open(path, &error) && run.open(path, &error), qPrintable(error));
    const ProbeDocument doc = tutorial();
    bool resumed = false;
    const qint64 id = RunConfiguration::identity(doc, QString::fromUtf8(ProbeWriter::toJson(doc)))
                          .findOrCreateRun(run, &resumed, &error);
    QVERIFY2(id > 0, qPrintable(error));
    for (int seed = 1; seed <= 10; ++seed) {
        QVERIFY2(run.recordCall(answered(id, seed), &error), qPrintable(error));
    }
    QCOMPARE(StoredRunReader::read(window, id, &error)->analysis.callsLogged, 10);
    QCOMPARE(test::completedCells(window, id).size(), 10);
    for (int seed = 11; seed <= 20; ++seed) {
        QVERIFY2(run.recordCall(answered(id, seed), &error), qPrintable(error));
    }
    QVERIFY(run.recordEvent(id, QStringLiteral("cancelled"), QStringLiteral("by you"), &error));
    const std::optional<RunEvidence> again = StoredRunReader::read(window, id, &error);
    QCOMPARE(again->analysis.callsLogged, 20);
    QCOMPARE(again->events.size(), 1);
    QCOMPARE(test::completedCells(window, id).size(), 20);
    QCOMPARE(test::runs(window).size(), 1);
}

void TestStoredRunReader::everyReadEndsItsTransaction_data()
{
    QTest::addColumn<QString>("read");
    for (const char* read : {"runs", "run", "findRun", "calls", "completedCells", "events",
                             "loadDraft", "loadByHandSheet", "StoredRunReader"}) {
        QTest::addRow("%s", read) << QString::fromLatin1(read);
    }
}

void TestStoredRunReader::everyReadEndsItsTransaction()
{
    QFETCH(QString, read);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("reads.pbrun"));
    RunStore reader;
    RunStore writer;
    QString error;
    QVERIFY2(reader.open(path, &error) && writer.open(path, &error), qPrintable(error));
    const ProbeDocument doc = tutorial();
    bool resumed = false;
    const qint64 id = RunConfiguration::identity(doc, QString::fromUtf8(ProbeWriter::toJson(doc)))
                          .findOrCreateRun(writer, &resumed, &error);
    for (int seed = 1; seed <= 5; ++seed) {
        QVERIFY2(writer.recordCall(answered(id, seed), &error), qPrintable(error));
    }
    QVERIFY(writer.saveDraft(QStringLiteral("{}"), &error));
    QVERIFY(writer.recordEvent(id, QStringLiteral("stopped"), QStringLiteral("why"), &error));

    if (read == QLatin1String("runs")) {
        QCOMPARE(test::runs(reader).size(), 1);
    } else if (read == QLatin1String("run")) {
        QVERIFY(test::run(reader, id));
    } else if (read == QLatin1String("findRun")) {
        QCOMPARE(test::findRun(reader, RunConfiguration::hash(doc)), std::optional<qint64>(id));
    } else if (read == QLatin1String("calls")) {
        QCOMPARE(test::calls(reader, id).size(), 5);
    } else if (read == QLatin1String("completedCells")) {
        QCOMPARE(test::completedCells(reader, id).size(), 5);
    } else if (read == QLatin1String("events")) {
        QCOMPARE(test::events(reader, id).size(), 1);
    } else if (read == QLatin1String("loadDraft")) {
        QCOMPARE(test::loadDraft(reader), QStringLiteral("{}"));
    } else if (read == QLatin1String("loadByHandSheet")) {
        QVERIFY(test::loadByHandSheet(reader).isEmpty());
    } else {
        QVERIFY(StoredRunReader::read(reader, id, &error));
    }
    QVERIFY2(logIsFree(path), "a read left its transaction open, pinning an old snapshot");
}

void TestStoredRunReader::aReadLeftOpenWouldBeCaught()
{
    // The check above can fail: a query stepped but not finished holds its snapshot.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("open.pbrun"));
    RunStore writer;
    QString error;
    QVERIFY2(writer.open(path, &error), qPrintable(error));
    QVERIFY(writer.saveDraft(QStringLiteral("{}"), &error));
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("left-open"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("SELECT key FROM meta")) && q.next());
        QVERIFY(!logIsFree(path));
        q.finish();
        QVERIFY(logIsFree(path));
    }
    QSqlDatabase::removeDatabase(QStringLiteral("left-open"));
}

QTEST_GUILESS_MAIN(TestStoredRunReader)
#include "tst_storedrunreader.moc"

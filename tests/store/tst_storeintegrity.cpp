// RunStore::open refuses what is not a whole store of ours without changing it, accepts a
// store made before stores were marked, and every read fails whole rather than returning
// the rows read before the damage.
#include "StoreDamage.h"
#include "store/RunStore.h"
#include "store/StoreSchema.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;

namespace {

LoggedCall call(qint64 run, int index)
{
    LoggedCall c;
    c.runId = run;
    c.callIndex = quint64(index);
    c.time = QDateTime::currentDateTimeUtc();
    c.itemId = QStringLiteral("item-%1").arg(index);
    c.variant = QStringLiteral("formal");
    c.seed = index;
    c.status = CallStatus::Ok;
    c.reply = QString(600, QLatin1Char('r')); // several rows per page, many pages
    c.metricValue = index % 5;
    return c;
}

// A closed store with one run of n answered calls.
QString makeStore(const QString& path, int n)
{
    RunStore store;
    QString error;
    if (!store.open(path, &error)) {
        return error;
    }
    RunRecord r;
    r.created = QDateTime::currentDateTimeUtc();
    r.probeJson = QStringLiteral("{}");
    r.configHash = QStringLiteral("h");
    const qint64 run = store.createRun(r, &error);
    for (int i = 0; i < n && run > 0; ++i) {
        if (!store.recordCall(call(run, i), &error)) {
            return error;
        }
    }
    return run > 0 ? QString() : error;
}

// Runs statements on the file through a connection of its own, then closes it.
bool rawExec(const QString& path, const QStringList& statements)
{
    bool ok = true;
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        db.setDatabaseName(path);
        ok = db.open();
        QSqlQuery q(db);
        for (const QString& s : statements) {
            ok = ok && q.exec(s);
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    return ok;
}

int applicationId(const QString& path)
{
    int id = -1;
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("id"));
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(QStringLiteral("PRAGMA application_id")) && q.next()) {
                id = q.value(0).toInt();
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("id"));
    return id;
}

QByteArray digest(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly)
               ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256)
               : QByteArray();
}

} // namespace

class TestStoreIntegrity : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void refusedUntouched_data();
    void refusedUntouched();
    void newStoreIsMarked();
    void storeMadeBeforeTheMarkIsAccepted();
    void readFailsWholeOnDamage_data();
    void readFailsWholeOnDamage();
};

void TestStoreIntegrity::refusedUntouched_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QString>("expected");
    QTest::addRow("another program's database")
        << QStringLiteral("foreign") << QStringLiteral("contacts.db")
        << QStringLiteral("is another program's SQLite database (tables contacts)");
    QTest::addRow("marked by another program")
        << QStringLiteral("marked") << QStringLiteral("other.db")
        << QStringLiteral("is another program's SQLite database (it is marked as such)");
    QTest::addRow("not SQLite at all") << QStringLiteral("text") << QStringLiteral("notes.txt")
                                       << QStringLiteral("is not a Probe Workbench store");
    QTest::addRow("a newer store") << QStringLiteral("newer") << QStringLiteral("new.pbrun")
                                   << QStringLiteral("made by a newer Probe Workbench");
    QTest::addRow("a damaged store")
        << QStringLiteral("damaged") << QStringLiteral("hurt.pbrun")
        << QStringLiteral("is damaged: part of the file can no longer be read");
    QTest::addRow("a store whose header is gone")
        << QStringLiteral("header") << QStringLiteral("headless.pbrun")
        << QStringLiteral("is damaged");
}

void TestStoreIntegrity::refusedUntouched()
{
    QFETCH(QString, kind);
    QFETCH(QString, fileName);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = dir.filePath(fileName);
    if (kind == QLatin1String("foreign")) {
        QVERIFY(rawExec(path, {QStringLiteral("CREATE TABLE contacts(name TEXT)"),
                               QStringLiteral("INSERT INTO contacts VALUES('Ada')")}));
    } else if (kind == QLatin1String("marked")) {
        QVERIFY(rawExec(path, {QStringLiteral("PRAGMA application_id=42")}));
    } else if (kind == QLatin1String("text")) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("my notes, not a database\n");
    } else {
        QCOMPARE(makeStore(path, kind == QLatin1String("newer") ? 1 : 200), QString());
        if (kind == QLatin1String("newer")) {
            QVERIFY(rawExec(path, {QStringLiteral("UPDATE meta SET value='99' WHERE "
                                                  "key='schema'")}));
        } else if (kind == QLatin1String("damaged")) {
            QString why;
            if (!test::damageCallsPage(path, &why)) {
                QSKIP(qPrintable(why));
            }
        } else {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadWrite));
            f.write(QByteArray(16, 'x'));
        }
    }
    const QByteArray before = digest(path);
    RunStore store;
    QString error;
    QVERIFY(!store.open(path, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY2(error.contains(fileName), qPrintable(error));
    QVERIFY2(!error.contains(QStringLiteral("malformed")) &&
                 !error.contains(QStringLiteral("Unable to")),
             qPrintable(error)); // SQLite's own words are not the message
    QCOMPARE(digest(path), before);
    QVERIFY(!store.isOpen());
}

void TestStoreIntegrity::newStoreIsMarked()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fresh.pbrun"));
    QCOMPARE(makeStore(path, 3), QString());
    QCOMPARE(applicationId(path), StoreSchema::kApplicationId);
}

void TestStoreIntegrity::storeMadeBeforeTheMarkIsAccepted()
{
    // The current main's stores have the meta table with key 'schema' and no mark.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.pbrun"));
    QCOMPARE(makeStore(path, 5), QString());
    QVERIFY(rawExec(path, {QStringLiteral("PRAGMA application_id=0")}));
    QCOMPARE(applicationId(path), 0);
    {
        RunStore store;
        QString error;
        QVERIFY2(store.open(path, &error), qPrintable(error));
        QList<LoggedCall> calls;
        QVERIFY2(store.calls(1, &calls, &error), qPrintable(error));
        QCOMPARE(calls.size(), 5);
    }
    QCOMPARE(applicationId(path), StoreSchema::kApplicationId);
}

void TestStoreIntegrity::readFailsWholeOnDamage_data()
{
    QTest::addColumn<QString>("read");
    QTest::addRow("calls") << QStringLiteral("calls");
    QTest::addRow("answered cells") << QStringLiteral("cells");
}

void TestStoreIntegrity::readFailsWholeOnDamage()
{
    QFETCH(QString, read);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.pbrun"));
    QCOMPARE(makeStore(path, 300), QString());
    RunStore store;
    QString error;
    QVERIFY2(store.open(path, &error), qPrintable(error)); // whole when opened
    QList<LoggedCall> calls;
    QVERIFY(store.calls(1, &calls, &error));
    QCOMPARE(calls.size(), 300);

    // The file is damaged under the open store, and a commit by another connection makes it
    // drop the pages it had cached, as a long session would.
    QString why;
    if (!test::damageCallsPage(path, &why)) {
        QSKIP(qPrintable(why));
    }
    QVERIFY(rawExec(path, {QStringLiteral("INSERT INTO meta(key, value) VALUES('touch', '1')")}));

    bool ok = true;
    qsizetype got = -1;
    if (read == QLatin1String("calls")) {
        calls = {call(1, 0)};
        ok = store.calls(1, &calls, &error);
        got = calls.size();
    } else {
        QSet<QString> cells{QStringLiteral("stale")};
        ok = store.completedCells(1, &cells, &error);
        got = cells.size();
    }
    QVERIFY(!ok);
    QCOMPARE(got, 0); // never the rows before the damage
    QVERIFY2(error.contains(QStringLiteral("s.pbrun is damaged")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("probebench salvage")), qPrintable(error));
    QVERIFY2(!error.contains(QStringLiteral("malformed")), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestStoreIntegrity)
#include "tst_storeintegrity.moc"

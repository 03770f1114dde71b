#include "store/StoreSalvage.h"

#include "store/StoreFailure.h"
#include "store/StoreRows.h"
#include "store/StoreSchema.h"

#include <QAtomicInt>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>
#include <algorithm>
#include <limits>

namespace pb {
namespace {

QAtomicInt s_connections;

// Reads the rows of `table` in rowid order from rowid `after` on, handing each to take, until
// the end or the first failure; returns the rowid of the last row read (`after` if none) and
// sets *failed with SQLite's words when a read stopped on damage.
template <class Take>
qint64 readFrom(const QSqlDatabase& db, const QString& table, qint64 after, QString* failed,
                Take take)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    // NOT INDEXED: the table's own b-tree in rowid order, so a skip lands past the damage.
    q.prepare(QStringLiteral("SELECT rowid AS salvage_rowid, * FROM %1 NOT INDEXED WHERE rowid > ?"
                             " ORDER BY rowid")
                  .arg(table));
    q.addBindValue(after);
    qint64 last = after;
    failed->clear();
    if (!q.exec()) {
        *failed = q.lastError().text();
        return last;
    }
    while (q.next()) {
        last = q.value(0).toLongLong();
        take(q);
    }
    if (q.lastError().isValid()) {
        *failed = q.lastError().text();
    }
    return last;
}

// Whether a read of the table's rows after rowid `after` starts without SQLite failing.
bool startsCleanly(const QSqlDatabase& db, const QString& table, qint64 after)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT rowid FROM %1 NOT INDEXED WHERE rowid > ? ORDER BY rowid "
                             "LIMIT 1")
                  .arg(table));
    q.addBindValue(after);
    const bool clean = q.exec() && (q.next() || !q.lastError().isValid());
    q.finish();
    return clean && !q.lastError().isValid();
}

// Every row of the table that can be read. After a read stops on damage, the first place
// past it where reading starts cleanly again is found (ever larger skips, then halving back
// so no readable row is skipped with the damaged ones) and reading goes on from there.
template <class Take>
void readAround(const QSqlDatabase& db, const QString& table, QStringList* failures, Take take)
{
    qint64 maxRowid = std::numeric_limits<qint32>::max(); // when even that cannot be read
    {
        QSqlQuery max(db);
        if (max.exec(QStringLiteral("SELECT max(rowid) FROM %1").arg(table)) && max.next() &&
            !max.value(0).isNull()) {
            maxRowid = max.value(0).toLongLong();
        }
    }
    QString failed;
    qint64 after = readFrom(db, table, 0, &failed, take);
    while (!failed.isEmpty()) {
        failures->append(QStringLiteral("%1, after row %2: %3").arg(table).arg(after).arg(failed));
        qint64 bad = after; // reading from here fails
        qint64 skip = 1;
        while (bad + skip <= maxRowid && !startsCleanly(db, table, bad + skip)) {
            skip *= 2;
        }
        if (bad + skip > maxRowid) {
            return; // nothing readable past the damage
        }
        qint64 good = bad + skip;
        bad += skip / 2;
        while (good - bad > 1) {
            const qint64 mid = bad + (good - bad) / 2;
            (startsCleanly(db, table, mid) ? good : bad) = mid;
        }
        after = readFrom(db, table, good, &failed, take);
    }
}

} // namespace

bool StoreSalvage::read(const QString& path, std::optional<qint64> runId, Result* out,
                        QString* error)
{
    *out = Result{};
    StoreSchema::Failure failure;
    if (!StoreSchema::checkFileHeader(path, &failure) && !path.endsWith(QStringLiteral(".pbrun"))) {
        *error = failure.text;
        return false;
    }
    const QString name = QStringLiteral("pb-salvage-%1").arg(s_connections.fetchAndAddRelaxed(1));
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=5000"));
        ok = db.open();
        if (!ok) {
            *error = StoreFailure::describe(path, QStringLiteral("cannot open the file"),
                                            db.lastError());
        }
        StoreSchema::Kind kind = StoreSchema::Kind::Empty;
        QStringList tables;
        if (ok && StoreSchema::identify(db, path, &kind, &tables, &failure) &&
            (kind == StoreSchema::Kind::Foreign || kind == StoreSchema::Kind::Empty)) {
            *error = kind == StoreSchema::Kind::Empty
                         ? QStringLiteral("%1 holds no runs: there is nothing to salvage").arg(path)
                         : QStringLiteral("%1 is not a Probe Workbench store (its tables: %2)")
                               .arg(path, tables.join(QStringLiteral(", ")));
            ok = false;
        }
        if (ok) {
            // A store too damaged to say what it is is still read as one.
            QStringList findings;
            StoreSchema::isWhole(db, &findings);
            for (const QString& f : std::as_const(findings)) {
                for (const QString& line : f.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
                    if (!line.startsWith(QStringLiteral("*** in database"))) {
                        out->findings << line; // "Page 42: btreeInitPage() returns error code 11"
                    }
                }
            }
            readAround(db, QStringLiteral("runs"), &out->readFailures,
                       [&](const QSqlQuery& row) { out->runs << StoreRows::run(row); });
            QList<LoggedCall> all;
            readAround(db, QStringLiteral("calls"), &out->readFailures,
                       [&](const QSqlQuery& row) { all << StoreRows::call(row); });
            qint64 latest = 0;
            for (const RunRecord& r : std::as_const(out->runs)) {
                latest = std::max(latest, r.id);
            }
            for (const LoggedCall& c : std::as_const(all)) {
                latest = std::max(latest, c.runId); // a run whose record was lost
            }
            out->runId = runId.value_or(latest);
            for (const LoggedCall& c : std::as_const(all)) {
                if (c.runId == out->runId) {
                    out->calls << c;
                }
            }
            std::stable_sort(
                out->calls.begin(), out->calls.end(),
                [](const LoggedCall& a, const LoggedCall& b) { return a.callIndex < b.callIndex; });
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

} // namespace pb

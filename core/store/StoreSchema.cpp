#include "store/StoreSchema.h"

#include "run/TokenCount.h"
#include "store/StoreFailure.h"

#include <QDir>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace pb {
namespace {

const QByteArray kSqliteHeader("SQLite format 3\0", 16);

QString nativeName(const QString& path)
{
    return QDir::toNativeSeparators(path);
}

// The tables, indexes and journal settings of schema 1. WAL + NORMAL: each commit survives a
// killed process; only power loss could drop the last commits, which the next run would redo.
const QStringList& schemaStatements()
{
    static const QStringList statements = {
        QStringLiteral("PRAGMA journal_mode=WAL"),
        QStringLiteral("PRAGMA synchronous=NORMAL"),
        QStringLiteral("PRAGMA foreign_keys=ON"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS runs ("
                       "id INTEGER PRIMARY KEY AUTOINCREMENT, created TEXT NOT NULL, title TEXT,"
                       "probe_json TEXT NOT NULL, config_hash TEXT NOT NULL, app_version TEXT,"
                       "backend TEXT, model TEXT, metric_name TEXT, metric_definition TEXT,"
                       "rescore_note TEXT)"),
        QStringLiteral(
            "CREATE TABLE IF NOT EXISTS calls ("
            "run_id INTEGER NOT NULL REFERENCES runs(id), call_index INTEGER NOT NULL,"
            "time TEXT, backend TEXT, endpoint TEXT, model TEXT, model_reported TEXT,"
            "model_digest TEXT, temperature REAL, item_index INTEGER, item_id TEXT NOT NULL,"
            "variant TEXT NOT NULL, arm TEXT NOT NULL, seed INTEGER NOT NULL, prompt TEXT,"
            "messages TEXT, reply TEXT, metric_value REAL, metric_flag TEXT,"
            "status TEXT NOT NULL, error TEXT, error_kind TEXT, attempts INTEGER,"
            "details TEXT, input_tokens INTEGER, output_tokens INTEGER,"
            " UNIQUE(run_id, item_id, variant, arm, seed))"),
        QStringLiteral(
            "CREATE TABLE IF NOT EXISTS run_events (run_id INTEGER NOT NULL REFERENCES runs(id),"
            " time TEXT NOT NULL, kind TEXT NOT NULL, message TEXT)"),
        QStringLiteral("CREATE INDEX IF NOT EXISTS calls_by_index ON calls(run_id, call_index)"),
        QStringLiteral("PRAGMA application_id=%1").arg(StoreSchema::kApplicationId),
    };
    return statements;
}

using Failure = StoreSchema::Failure;

bool failed(Failure* failure, const QString& path, const QString& what, const QSqlError& error)
{
    *failure = {StoreFailure::describe(path, what, error), StoreFailure::kindOf(error)};
    return false;
}

bool exec(QSqlQuery& q, const QString& sql, const QString& path, const QString& what,
          Failure* failure)
{
    return q.exec(sql) || failed(failure, path, what, q.lastError());
}

// The schema version in meta, 0 when none is recorded; false when it cannot be read.
bool storedVersion(const QSqlDatabase& db, const QString& path, int* version, Failure* failure)
{
    QSqlQuery q(db);
    *version = 0;
    const QString what = QStringLiteral("cannot read the store's schema version");
    if (!exec(q, QStringLiteral("SELECT value FROM meta WHERE key='schema'"), path, what,
              failure)) {
        return false;
    }
    if (q.next()) {
        *version = q.value(0).toInt();
    }
    return !q.lastError().isValid() || failed(failure, path, what, q.lastError());
}

// Schema 1 → 2: the token columns, filled from each answered row's server facts (Ollama's
// prompt_eval_count / eval_count, OpenAI's usage, as the reply readers kept them) when they
// are counts TokenCount would accept. A row with more than one reply (a re-asked judge or
// name-set call) kept only its last reply's facts, so its total is unknown and stays NULL.
bool migrate(const QSqlDatabase& db, const QString& path, Failure* failure)
{
    QSqlQuery q(db);
    const QString what = QStringLiteral("cannot add the token counts to the run store");
    if (!exec(q, QStringLiteral("PRAGMA table_info(calls)"), path, what, failure))
        return false;
    QStringList columns;
    while (q.next())
        columns << q.value(1).toString();
    const QString fill = QStringLiteral(
        "(SELECT v FROM (SELECT coalesce(json_extract(details, '$.%1'), json_extract(details, "
        "'$.%2')) AS v) WHERE typeof(v) = 'integer' AND v BETWEEN 0 AND %3)");
    const QString most = QString::number(TokenCount::kMostPerCall);
    const QStringList steps = {
        QStringLiteral("BEGIN IMMEDIATE"),
        columns.contains(QStringLiteral("input_tokens"))
            ? QString()
            : QStringLiteral("ALTER TABLE calls ADD COLUMN input_tokens INTEGER"),
        columns.contains(QStringLiteral("output_tokens"))
            ? QString()
            : QStringLiteral("ALTER TABLE calls ADD COLUMN output_tokens INTEGER"),
        QStringLiteral("UPDATE calls SET input_tokens = %1, output_tokens = %2 WHERE status = 'ok'"
                       " AND input_tokens IS NULL AND output_tokens IS NULL"
                       " AND json_valid(details) AND coalesce(json_array_length(details, "
                       "'$.judge.tries'), json_array_length(details, '$.name_set.attempts'), 1)"
                       " <= 1")
            .arg(fill.arg(QStringLiteral("prompt_eval_count"), QStringLiteral("prompt_tokens"),
                          most),
                 fill.arg(QStringLiteral("eval_count"), QStringLiteral("completion_tokens"), most)),
        QStringLiteral("UPDATE meta SET value = '%1' WHERE key = 'schema'")
            .arg(StoreSchema::kVersion),
        QStringLiteral("COMMIT")};
    for (const QString& step : steps) {
        if (!step.isEmpty() && !exec(q, step, path, what, failure)) {
            q.exec(QStringLiteral("ROLLBACK"));
            return false;
        }
    }
    return true;
}

} // namespace

bool StoreSchema::checkFileHeader(const QString& path, Failure* failure)
{
    QFile file(path);
    if (!file.exists() || file.size() == 0) {
        return true; // SQLite makes a new database of it
    }
    if (!file.open(QIODevice::ReadOnly)) {
        *failure = {QStringLiteral("%1: cannot open the run store: %2")
                        .arg(nativeName(path), file.errorString()),
                    StoreFailure::Kind::System};
        return false;
    }
    if (file.read(kSqliteHeader.size()) == kSqliteHeader) {
        return true;
    }
    failure->kind = StoreFailure::Kind::Unusable;
    if (path.endsWith(QStringLiteral(".pbrun"), Qt::CaseInsensitive)) {
        failure->text = StoreFailure::damaged(path);
    } else {
        failure->text =
            QStringLiteral("%1 is not a Probe Workbench store (a .pbrun file the workbench "
                           "made): it is not a SQLite database at all. It was not changed.")
                .arg(nativeName(path));
    }
    return false;
}

bool StoreSchema::identify(const QSqlDatabase& db, const QString& path, Kind* kind,
                           QStringList* tables, Failure* failure)
{
    QSqlQuery q(db);
    const QString what = QStringLiteral("cannot read what the file holds");
    if (!exec(q, QStringLiteral("PRAGMA application_id"), path, what, failure)) {
        return false;
    }
    const int applicationId = q.next() ? q.value(0).toInt() : 0;
    if (q.lastError().isValid()) {
        return failed(failure, path, what, q.lastError());
    }
    tables->clear();
    if (!exec(q,
              QStringLiteral("SELECT name FROM sqlite_master WHERE type='table' AND name NOT "
                             "LIKE 'sqlite_%' ORDER BY name"),
              path, what, failure)) {
        return false;
    }
    while (q.next()) {
        *tables << q.value(0).toString();
    }
    if (q.lastError().isValid()) {
        return failed(failure, path, what, q.lastError());
    }
    if (applicationId == kApplicationId) {
        *kind = Kind::Store;
    } else if (applicationId != 0) {
        *kind = Kind::Foreign;
    } else if (tables->isEmpty()) {
        *kind = Kind::Empty;
    } else if (tables->contains(QStringLiteral("meta")) &&
               tables->contains(QStringLiteral("runs")) &&
               tables->contains(QStringLiteral("calls"))) {
        int version = 0;
        if (!storedVersion(db, path, &version, failure)) {
            return false;
        }
        *kind = version > 0 ? Kind::Unmarked : Kind::Foreign;
    } else {
        *kind = Kind::Foreign;
    }
    return true;
}

bool StoreSchema::isWhole(const QSqlDatabase& db, QStringList* findings)
{
    findings->clear();
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("PRAGMA quick_check(5)"))) {
        *findings << q.lastError().text();
        return false;
    }
    while (q.next()) {
        *findings << q.value(0).toString();
    }
    if (q.lastError().isValid()) {
        *findings << q.lastError().text();
    }
    if (*findings == QStringList{QStringLiteral("ok")}) {
        findings->clear();
        return true;
    }
    return false;
}

bool StoreSchema::prepare(const QSqlDatabase& db, const QString& path, bool checkWhole,
                          Failure* failure)
{
    Kind kind = Kind::Empty;
    QStringList tables;
    if (!identify(db, path, &kind, &tables, failure)) {
        return false;
    }
    if (kind == Kind::Foreign) {
        *failure = {
            QStringLiteral("%1 is another program's SQLite database (%2), not a Probe "
                           "Workbench store; it was not changed. Give the store a file "
                           "of its own: a new name ending in .pbrun.")
                .arg(nativeName(path),
                     tables.isEmpty()
                         ? QStringLiteral("it is marked as such")
                         : QStringLiteral("tables %1").arg(tables.join(QStringLiteral(", ")))),
            StoreFailure::Kind::Unusable};
        return false;
    }
    int version = 0;
    if (kind != Kind::Empty) {
        QStringList findings;
        if (checkWhole && !isWhole(db, &findings)) {
            *failure = {StoreFailure::damaged(path), StoreFailure::Kind::Unusable};
            return false;
        }
        if (!storedVersion(db, path, &version, failure)) {
            return false;
        }
        if (version > kVersion) {
            *failure = {QStringLiteral("%1: made by a newer Probe Workbench (store schema %2, "
                                       "this version reads %3)")
                            .arg(nativeName(path))
                            .arg(version)
                            .arg(kVersion),
                        StoreFailure::Kind::Unusable};
            return false;
        }
    }
    QSqlQuery q(db);
    for (const QString& s : schemaStatements()) {
        if (!exec(q, s, path, QStringLiteral("cannot prepare the run store"), failure)) {
            return false;
        }
    }
    if (version > 0 && version < kVersion && !migrate(db, path, failure))
        return false;
    q.prepare(QStringLiteral("INSERT INTO meta(key, value) VALUES('schema', ?)"
                             " ON CONFLICT(key) DO NOTHING"));
    q.addBindValue(kVersion);
    return q.exec() ||
           failed(failure, path, QStringLiteral("cannot write the run store"), q.lastError());
}

} // namespace pb

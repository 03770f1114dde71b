#include "store/RunStore.h"

#include "store/StoreFailure.h"
#include "store/StoreLock.h"
#include "store/StoreRows.h"
#include "store/StoreSchema.h"

#include <QAtomicInt>
#include <QHash>
#include <QJsonDocument>
#include <QMutex>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QVariant>
#include <type_traits>

namespace pb {
namespace {

QAtomicInt s_connectionCounter;

// Stores open in this process that passed quick_check when first opened, with how many
// RunStores have them open: a worker's or a loader's second connection is not checked again
// (it reads the whole file: a fifth of a second for 100,000 calls). Damage arising meanwhile
// still fails every read.
QMutex s_wholeMutex;
QHash<QString, int>& wholeStores()
{
    static QHash<QString, int> open;
    return open;
}

QString sqlError(const QString& path, const QString& what, const QSqlError& err)
{
    return StoreFailure::describe(path, what, err);
}

// Runs the prepared query and hands every row to take. False, with *error, when the query or
// any step of it failed: the caller then drops what it was given, so no read is ever partial.
// Finishing the statement ends its read transaction (a live one pins an old WAL snapshot).
template <class Take>
bool readRows(QSqlQuery& q, const QString& path, const QString& what, QString* error, Take take)
{
    if (!q.exec()) {
        *error = sqlError(path, what, q.lastError());
        return false;
    }
    while (q.next()) {
        if constexpr (std::is_same_v<decltype(take(q)), bool>) {
            if (!take(q)) {
                break; // the caller has what it wanted; finish() below ends the read
            }
        } else {
            take(q);
        }
    }
    const QSqlError failure = q.lastError();
    q.finish();
    if (failure.isValid()) {
        *error = sqlError(path, what, failure);
        return false;
    }
    return true;
}

// The calls table's columns for a read; texts left out are read as NULL under their own
// names, so StoreRows reads every kind of row the same way.
QString callColumns(RunStore::CallTexts texts)
{
    if (texts == RunStore::CallTexts::Whole) {
        return QStringLiteral("*");
    }
    const QString reply =
        texts == RunStore::CallTexts::ReplyPreview
            ? QStringLiteral("substr(reply, 1, %1) AS reply").arg(RunStore::kReplyPreviewChars)
            : QStringLiteral("NULL AS reply");
    return QStringLiteral("run_id, call_index, time, backend, endpoint, model, model_reported,"
                          " model_digest, temperature, item_index, item_id, variant, arm, seed,"
                          " NULL AS prompt, NULL AS messages, %1, metric_value, metric_flag,"
                          " status, error, error_kind, attempts, %2, input_tokens, output_tokens")
        .arg(reply, texts == RunStore::CallTexts::Details ? QStringLiteral("details")
                                                          : QStringLiteral("NULL AS details"));
}

QVariant optionalReal(const std::optional<double>& v)
{
    return v ? QVariant(*v) : QVariant(QMetaType(QMetaType::Double));
}

QVariant optionalCount(const std::optional<qint64>& v)
{
    return v ? QVariant(*v) : QVariant(QMetaType(QMetaType::LongLong));
}

} // namespace

RunStore::RunStore()
    : m_connection(QStringLiteral("pb-runstore-%1").arg(s_connectionCounter.fetchAndAddRelaxed(1)))
{
}

RunStore::~RunStore()
{
    m_recordCall.reset(); // a query must not outlive its connection
    if (QSqlDatabase::contains(m_connection)) {
        QSqlDatabase::database(m_connection, false).close();
        QSqlDatabase::removeDatabase(m_connection);
    }
    forgetWhole();
}

void RunStore::forgetWhole()
{
    if (m_wholeKey.isEmpty()) {
        return;
    }
    QMutexLocker locker(&s_wholeMutex);
    if (--wholeStores()[m_wholeKey] <= 0) {
        wholeStores().remove(m_wholeKey);
    }
    m_wholeKey.clear();
}

bool RunStore::isOpen() const
{
    return QSqlDatabase::contains(m_connection) &&
           QSqlDatabase::database(m_connection, false).isOpen();
}

bool RunStore::open(const QString& path, QString* error, StoreFailure::Kind* kind)
{
    m_path = path;
    m_recordCall.reset();
    forgetWhole();
    StoreSchema::Failure failure;
    auto refuse = [&] {
        *error = failure.text;
        if (kind) {
            *kind = failure.kind;
        }
        return false;
    };
    if (const std::optional<StoreHolder> holder = StoreLock::otherHolder(path)) {
        failure = {holder->refusal(path), StoreFailure::Kind::InUse};
        return refuse();
    }
    if (!StoreSchema::checkFileHeader(path, &failure)) {
        return refuse();
    }
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    if (!db.open()) {
        failure = {sqlError(path, QStringLiteral("cannot open the run store"), db.lastError()),
                   StoreFailure::kindOf(db.lastError())};
        return refuse();
    }
    const QString key = StoreLock::canonicalPath(path);
    bool checked = false;
    {
        QMutexLocker locker(&s_wholeMutex);
        checked = wholeStores().value(key) > 0;
    }
    if (!StoreSchema::prepare(db, path, !checked, &failure)) {
        db.close(); // a refused file is let go at once, untouched
        return refuse();
    }
    QMutexLocker locker(&s_wholeMutex);
    ++wholeStores()[key];
    m_wholeKey = key;
    return true;
}

bool RunStore::findRun(const QString& configHash, std::optional<qint64>* runId,
                       QString* error) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT id FROM runs WHERE config_hash = ? ORDER BY id DESC LIMIT 1"));
    q.addBindValue(configHash);
    std::optional<qint64> found;
    if (!readRows(q, m_path, QStringLiteral("cannot read the runs"), error,
                  [&](const QSqlQuery& row) { found = row.value(0).toLongLong(); })) {
        return false;
    }
    *runId = found;
    return true;
}

qint64 RunStore::createRun(const RunRecord& run, QString* error)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral(
        "INSERT INTO runs(created, title, probe_json, config_hash, app_version, backend, model,"
        " metric_name, metric_definition, rescore_note) VALUES(?,?,?,?,?,?,?,?,?,?)"));
    q.addBindValue(run.created.toUTC().toString(Qt::ISODateWithMs));
    q.addBindValue(run.title);
    // QString() binds as SQL NULL; the evidence columns are NOT NULL, so bind "" instead.
    q.addBindValue(run.probeJson.isNull() ? QStringLiteral("") : run.probeJson);
    q.addBindValue(run.configHash);
    q.addBindValue(run.appVersion);
    q.addBindValue(run.backend);
    q.addBindValue(run.model);
    q.addBindValue(run.metricName);
    q.addBindValue(run.metricDefinition);
    q.addBindValue(run.rescoreNote);
    if (!q.exec()) {
        *error = sqlError(m_path, QStringLiteral("cannot record the run"), q.lastError());
        return 0;
    }
    return q.lastInsertId().toLongLong();
}

bool RunStore::runs(QList<RunRecord>* out, QString* error) const
{
    out->clear();
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT * FROM runs ORDER BY id"));
    QList<RunRecord> read;
    if (!readRows(q, m_path, QStringLiteral("cannot read the runs"), error,
                  [&](const QSqlQuery& row) { read << StoreRows::run(row); })) {
        return false;
    }
    *out = std::move(read);
    return true;
}

bool RunStore::run(qint64 runId, RunRecord* out, QString* error) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT * FROM runs WHERE id = ?"));
    q.addBindValue(runId);
    std::optional<RunRecord> found;
    if (!readRows(q, m_path, QStringLiteral("cannot read run %1").arg(runId), error,
                  [&](const QSqlQuery& row) { found = StoreRows::run(row); })) {
        return false;
    }
    if (!found) {
        *error = QStringLiteral("%1: holds no run %2").arg(m_path).arg(runId);
        return false;
    }
    *out = std::move(*found);
    return true;
}

bool RunStore::completedCells(qint64 runId, QSet<QString>* out, QString* error) const
{
    out->clear();
    QSet<QString> read;
    if (!eachCompletedCell(
            runId,
            [&](const QString& cell) {
                read.insert(cell);
                return true;
            },
            error)) {
        return false;
    }
    *out = std::move(read);
    return true;
}

bool RunStore::eachCompletedCell(qint64 runId, const std::function<bool(const QString&)>& take,
                                 QString* error) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral(
        "SELECT item_id, variant, arm, seed FROM calls WHERE run_id = ? AND status = 'ok'"));
    q.addBindValue(runId);
    return readRows(q, m_path,
                    QStringLiteral("cannot read the answered calls of run %1").arg(runId), error,
                    [&](const QSqlQuery& row) {
                        return take(LoggedCall::cellKey(
                            row.value(0).toString(), row.value(1).toString(),
                            callArmFromName(row.value(2).toString()).value_or(CallArm::Probe),
                            row.value(3).toLongLong()));
                    });
}

bool RunStore::recordCall(const LoggedCall& c, QString* error)
{
    // A failed attempt may be superseded by a later one; an Ok row may not, so the WHERE on
    // the upsert keeps the first answer and the changed-row count reveals a duplicate.
    if (!m_recordCall) {
        auto prepared = std::make_unique<QSqlQuery>(QSqlDatabase::database(m_connection, false));
        if (!prepared->prepare(QStringLiteral(
                "INSERT INTO calls(run_id, call_index, time, backend, endpoint, model, "
                "model_reported,"
                " model_digest, temperature, item_index, item_id, variant, arm, seed, prompt, "
                "messages,"
                " reply, metric_value, metric_flag, status, error, error_kind, attempts, details,"
                " input_tokens, output_tokens)"
                " VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
                " ON CONFLICT(run_id, item_id, variant, arm, seed) DO UPDATE SET"
                " call_index=excluded.call_index, time=excluded.time, backend=excluded.backend,"
                " endpoint=excluded.endpoint, model=excluded.model, "
                "model_reported=excluded.model_reported,"
                " model_digest=excluded.model_digest, temperature=excluded.temperature,"
                " item_index=excluded.item_index, prompt=excluded.prompt, "
                "messages=excluded.messages,"
                " reply=excluded.reply, metric_value=excluded.metric_value,"
                " metric_flag=excluded.metric_flag, status=excluded.status, error=excluded.error,"
                " error_kind=excluded.error_kind, attempts=excluded.attempts, "
                "details=excluded.details, input_tokens=excluded.input_tokens,"
                " output_tokens=excluded.output_tokens"
                " WHERE calls.status <> 'ok'"))) {
            *error =
                sqlError(m_path, QStringLiteral("cannot record a call"), prepared->lastError());
            return false;
        }
        m_recordCall = std::move(prepared);
    }
    QSqlQuery& q = *m_recordCall;
    const QVariantList values = {
        c.runId,
        static_cast<qint64>(c.callIndex),
        c.time.toUTC().toString(Qt::ISODateWithMs),
        c.backend,
        c.endpoint,
        c.model,
        c.modelReported,
        c.modelDigest,
        c.temperature,
        c.itemIndex,
        c.itemId,
        c.variant,
        callArmName(c.arm),
        c.seed,
        c.prompt,
        c.messagesJson,
        c.reply,
        optionalReal(c.metricValue),
        c.metricFlag,
        callStatusName(c.status),
        c.error,
        c.errorKind,
        c.attempts,
        QString::fromUtf8(QJsonDocument(c.details).toJson(QJsonDocument::Compact)),
        optionalCount(c.tokens.input),
        optionalCount(c.tokens.output),
    };
    for (qsizetype i = 0; i < values.size(); ++i)
        q.bindValue(int(i), values.at(i));
    if (!q.exec()) {
        *error = sqlError(m_path, QStringLiteral("cannot record a call"), q.lastError());
        q.finish();
        return false;
    }
    const int affected = q.numRowsAffected();
    q.finish(); // keeps the statement prepared, lets go of what the last run of it held
    if (affected == 0) {
        *error =
            QStringLiteral("%1: item %2, %3, seed %4 is already recorded; it was not logged twice")
                .arg(m_path, c.itemId, c.variant)
                .arg(c.seed);
        return false;
    }
    return true;
}

bool RunStore::calls(qint64 runId, QList<LoggedCall>* out, QString* error, CallTexts texts) const
{
    out->clear();
    QList<LoggedCall> read;
    if (!eachCall(
            runId, texts, [&](const LoggedCall& c) { read << c; }, error)) {
        return false;
    }
    *out = std::move(read);
    return true;
}

bool RunStore::eachCall(qint64 runId, CallTexts texts,
                        const std::function<void(const LoggedCall&)>& take, QString* error) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true); // rows are not cached behind the cursor
    q.prepare(QStringLiteral("SELECT %1 FROM calls WHERE run_id = ? ORDER BY call_index")
                  .arg(callColumns(texts)));
    q.addBindValue(runId);
    StoreRows::SharedTexts shared;
    std::optional<StoreRows::CallColumns> columns;
    return readRows(q, m_path, QStringLiteral("cannot read the calls of run %1").arg(runId), error,
                    [&](const QSqlQuery& row) {
                        if (!columns) {
                            columns.emplace(row.record());
                        }
                        take(StoreRows::call(row, *columns, &shared));
                    });
}

bool RunStore::itemCalls(qint64 runId, const QString& itemId, QList<LoggedCall>* out,
                         QString* error) const
{
    out->clear();
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(
        QStringLiteral("SELECT * FROM calls WHERE run_id = ? AND item_id = ? ORDER BY call_index"));
    q.addBindValue(runId);
    q.addBindValue(itemId);
    QList<LoggedCall> read;
    if (!readRows(
            q, m_path,
            QStringLiteral("cannot read the calls of item %1 in run %2").arg(itemId).arg(runId),
            error, [&](const QSqlQuery& row) { read << StoreRows::call(row); })) {
        return false;
    }
    *out = std::move(read);
    return true;
}

bool RunStore::call(qint64 runId, quint64 callIndex, LoggedCall* out, QString* error) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT * FROM calls WHERE run_id = ? AND call_index = ?"));
    q.addBindValue(runId);
    q.addBindValue(static_cast<qint64>(callIndex));
    std::optional<LoggedCall> found;
    if (!readRows(q, m_path,
                  QStringLiteral("cannot read call %1 of run %2").arg(callIndex).arg(runId), error,
                  [&](const QSqlQuery& row) { found = StoreRows::call(row); })) {
        return false;
    }
    if (!found) {
        *error =
            QStringLiteral("%1: run %2 holds no call %3").arg(m_path).arg(runId).arg(callIndex);
        return false;
    }
    *out = std::move(*found);
    return true;
}

bool RunStore::recordedDigests(qint64 runId, RecordedDigests* out, QString* error) const
{
    // RecordedDigests::of's rule: for each model, the first answered call naming one.
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral(
        "SELECT (SELECT model_digest FROM calls WHERE run_id = ? AND status = 'ok'"
        " AND model_digest <> '' ORDER BY call_index LIMIT 1),"
        " (SELECT json_extract(details, '$.embedding.digest') FROM calls WHERE run_id = ?"
        " AND status = 'ok' AND json_valid(details)"
        " AND json_extract(details, '$.embedding.digest') <> '' ORDER BY call_index LIMIT 1)"));
    q.addBindValue(runId);
    q.addBindValue(runId);
    *out = {};
    return readRows(q, m_path, QStringLiteral("cannot read the calls of run %1").arg(runId), error,
                    [&](const QSqlQuery& r) {
                        *out = {r.value(0).toString(), r.value(1).toString()};
                    });
}

bool RunStore::rescore(qint64 runId, const QList<LoggedCall>& rescored, const QString& note,
                       const QString& metricName, const QString& metricDefinition, QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    if (!db.transaction()) {
        *error = sqlError(m_path, QStringLiteral("cannot start re-scoring"), db.lastError());
        return false;
    }
    QSqlQuery q(db);
    q.prepare(
        QStringLiteral("UPDATE calls SET metric_value = ?, metric_flag = ? WHERE run_id = ? AND"
                       " item_id = ? AND variant = ? AND arm = ? AND seed = ?"));
    for (const LoggedCall& c : rescored) {
        q.addBindValue(optionalReal(c.metricValue));
        q.addBindValue(c.metricFlag);
        q.addBindValue(runId);
        q.addBindValue(c.itemId);
        q.addBindValue(c.variant);
        q.addBindValue(callArmName(c.arm));
        q.addBindValue(c.seed);
        if (!q.exec()) {
            *error = sqlError(m_path, QStringLiteral("cannot re-score"), q.lastError());
            db.rollback();
            return false;
        }
    }
    QSqlQuery r(db);
    r.prepare(
        QStringLiteral("UPDATE runs SET rescore_note = ?, metric_name = ?, metric_definition = ?"
                       " WHERE id = ?"));
    r.addBindValue(note);
    r.addBindValue(metricName);
    r.addBindValue(metricDefinition);
    r.addBindValue(runId);
    if (!r.exec() || !db.commit()) {
        // The failing step's own error: the update's, or the commit's (a full disk).
        *error = sqlError(m_path, QStringLiteral("cannot re-score"),
                          r.lastError().isValid() ? r.lastError() : db.lastError());
        db.rollback();
        return false;
    }
    return true;
}

bool RunStore::recordEvent(qint64 runId, const QString& kind, const QString& message,
                           QString* error)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(
        QStringLiteral("INSERT INTO run_events(run_id, time, kind, message) VALUES(?,?,?,?)"));
    q.addBindValue(runId);
    q.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    q.addBindValue(kind);
    q.addBindValue(message);
    if (!q.exec()) {
        *error = sqlError(m_path, QStringLiteral("cannot record what happened to the run"),
                          q.lastError());
        return false;
    }
    return true;
}

bool RunStore::events(qint64 runId, QList<RunEvent>* out, QString* error) const
{
    out->clear();
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral(
        "SELECT time, kind, message FROM run_events WHERE run_id = ? ORDER BY rowid"));
    q.addBindValue(runId);
    QList<RunEvent> read;
    if (!readRows(q, m_path, QStringLiteral("cannot read what happened to run %1").arg(runId),
                  error, [&](const QSqlQuery& row) {
                      read.append(
                          {QDateTime::fromString(row.value(0).toString(), Qt::ISODateWithMs),
                           row.value(1).toString(), row.value(2).toString()});
                  })) {
        return false;
    }
    *out = std::move(read);
    return true;
}

bool RunStore::saveDraft(const QString& probeJson, QString* error)
{
    return saveMeta(QStringLiteral("draft"), probeJson, QStringLiteral("cannot save the probe"),
                    error);
}

bool RunStore::loadDraft(QString* out, QString* error) const
{
    return loadMeta(QStringLiteral("draft"), QStringLiteral("cannot read the saved probe"), out,
                    error);
}

bool RunStore::saveByHandSheet(const QString& sheet, QString* error)
{
    return saveMeta(QStringLiteral("by_hand"), sheet,
                    QStringLiteral("cannot save the by-hand sheet"), error);
}

bool RunStore::loadByHandSheet(QString* out, QString* error) const
{
    return loadMeta(QStringLiteral("by_hand"), QStringLiteral("cannot read the by-hand sheet"), out,
                    error);
}

bool RunStore::saveMeta(const QString& key, const QString& value, const QString& what,
                        QString* error)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("INSERT INTO meta(key, value) VALUES(?, ?)"
                             " ON CONFLICT(key) DO UPDATE SET value = excluded.value"));
    q.addBindValue(key);
    q.addBindValue(value);
    if (!q.exec()) {
        *error = sqlError(m_path, what, q.lastError());
        return false;
    }
    return true;
}

bool RunStore::loadMeta(const QString& key, const QString& what, QString* out, QString* error) const
{
    out->clear();
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT value FROM meta WHERE key = ?"));
    q.addBindValue(key);
    QString value;
    if (!readRows(q, m_path, what, error,
                  [&](const QSqlQuery& row) { value = row.value(0).toString(); })) {
        return false;
    }
    *out = value;
    return true;
}

} // namespace pb

#include "store/RunStore.h"

#include <QAtomicInt>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace pb {
namespace {

constexpr int kSchemaVersion = 1;

QAtomicInt s_connectionCounter;

QString sqlError(const QString& path, const QString& what, const QSqlError& err)
{
    return QStringLiteral("%1: %2: %3").arg(path, what, err.text());
}

QVariant optionalReal(const std::optional<double>& v)
{
    return v ? QVariant(*v) : QVariant(QMetaType(QMetaType::Double));
}

LoggedCall callFromQuery(const QSqlQuery& q)
{
    LoggedCall c;
    c.runId = q.value(QStringLiteral("run_id")).toLongLong();
    c.callIndex = q.value(QStringLiteral("call_index")).toULongLong();
    c.time = QDateTime::fromString(q.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
    c.backend = q.value(QStringLiteral("backend")).toString();
    c.endpoint = q.value(QStringLiteral("endpoint")).toString();
    c.model = q.value(QStringLiteral("model")).toString();
    c.modelReported = q.value(QStringLiteral("model_reported")).toString();
    c.modelDigest = q.value(QStringLiteral("model_digest")).toString();
    c.temperature = q.value(QStringLiteral("temperature")).toDouble();
    c.itemIndex = q.value(QStringLiteral("item_index")).toInt();
    c.itemId = q.value(QStringLiteral("item_id")).toString();
    c.variant = q.value(QStringLiteral("variant")).toString();
    c.arm = callArmFromName(q.value(QStringLiteral("arm")).toString()).value_or(CallArm::Probe);
    c.seed = q.value(QStringLiteral("seed")).toLongLong();
    c.prompt = q.value(QStringLiteral("prompt")).toString();
    c.messagesJson = q.value(QStringLiteral("messages")).toString();
    c.reply = q.value(QStringLiteral("reply")).toString();
    const QVariant metric = q.value(QStringLiteral("metric_value"));
    if (!metric.isNull()) {
        c.metricValue = metric.toDouble();
    }
    c.metricFlag = q.value(QStringLiteral("metric_flag")).toString();
    c.status = q.value(QStringLiteral("status")).toString() == QLatin1String("ok")
                   ? CallStatus::Ok
                   : CallStatus::Failed;
    c.error = q.value(QStringLiteral("error")).toString();
    c.errorKind = q.value(QStringLiteral("error_kind")).toString();
    c.attempts = q.value(QStringLiteral("attempts")).toInt();
    c.details =
        QJsonDocument::fromJson(q.value(QStringLiteral("details")).toString().toUtf8()).object();
    return c;
}

RunRecord runFromQuery(const QSqlQuery& q)
{
    RunRecord r;
    r.id = q.value(QStringLiteral("id")).toLongLong();
    r.created =
        QDateTime::fromString(q.value(QStringLiteral("created")).toString(), Qt::ISODateWithMs);
    r.title = q.value(QStringLiteral("title")).toString();
    r.probeJson = q.value(QStringLiteral("probe_json")).toString();
    r.configHash = q.value(QStringLiteral("config_hash")).toString();
    r.appVersion = q.value(QStringLiteral("app_version")).toString();
    r.backend = q.value(QStringLiteral("backend")).toString();
    r.model = q.value(QStringLiteral("model")).toString();
    r.metricName = q.value(QStringLiteral("metric_name")).toString();
    r.metricDefinition = q.value(QStringLiteral("metric_definition")).toString();
    r.rescoreNote = q.value(QStringLiteral("rescore_note")).toString();
    return r;
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
}

bool RunStore::isOpen() const
{
    return QSqlDatabase::contains(m_connection) &&
           QSqlDatabase::database(m_connection, false).isOpen();
}

bool RunStore::open(const QString& path, QString* error)
{
    m_path = path;
    m_recordCall.reset();
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    if (!db.open()) {
        *error = sqlError(path, QStringLiteral("cannot open the run store"), db.lastError());
        return false;
    }
    return createSchema(error);
}

bool RunStore::createSchema(QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    // WAL + NORMAL: each commit survives a killed process; only power loss could drop the
    // last commits, which the next run would simply redo.
    const QStringList statements = {
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
            "details TEXT, UNIQUE(run_id, item_id, variant, arm, seed))"),
        QStringLiteral(
            "CREATE TABLE IF NOT EXISTS run_events (run_id INTEGER NOT NULL REFERENCES runs(id),"
            " time TEXT NOT NULL, kind TEXT NOT NULL, message TEXT)"),
        QStringLiteral("CREATE INDEX IF NOT EXISTS calls_by_index ON calls(run_id, call_index)"),
    };
    for (const QString& s : statements) {
        if (!q.exec(s)) {
            *error =
                sqlError(m_path, QStringLiteral("cannot prepare the run store"), q.lastError());
            return false;
        }
    }
    q.exec(QStringLiteral("SELECT value FROM meta WHERE key='schema'"));
    if (q.next()) {
        if (q.value(0).toInt() > kSchemaVersion) {
            *error = QStringLiteral("%1: made by a newer Probe Workbench (store schema %2, this "
                                    "version reads %3)")
                         .arg(m_path)
                         .arg(q.value(0).toInt())
                         .arg(kSchemaVersion);
            return false;
        }
    } else {
        q.prepare(QStringLiteral("INSERT INTO meta(key, value) VALUES('schema', ?)"));
        q.addBindValue(kSchemaVersion);
        if (!q.exec()) {
            *error = sqlError(m_path, QStringLiteral("cannot write the run store"), q.lastError());
            return false;
        }
    }
    return true;
}

std::optional<qint64> RunStore::findRun(const QString& configHash) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT id FROM runs WHERE config_hash = ? ORDER BY id DESC LIMIT 1"));
    q.addBindValue(configHash);
    if (q.exec() && q.next()) {
        return q.value(0).toLongLong();
    }
    return std::nullopt;
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

QList<RunRecord> RunStore::runs() const
{
    QList<RunRecord> out;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.exec(QStringLiteral("SELECT * FROM runs ORDER BY id"));
    while (q.next()) {
        out << runFromQuery(q);
    }
    return out;
}

std::optional<RunRecord> RunStore::run(qint64 runId) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT * FROM runs WHERE id = ?"));
    q.addBindValue(runId);
    if (q.exec() && q.next()) {
        return runFromQuery(q);
    }
    return std::nullopt;
}

QSet<QString> RunStore::completedCells(qint64 runId) const
{
    QSet<QString> out;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral(
        "SELECT item_id, variant, arm, seed FROM calls WHERE run_id = ? AND status = 'ok'"));
    q.addBindValue(runId);
    q.exec();
    while (q.next()) {
        out.insert(
            LoggedCall::cellKey(q.value(0).toString(), q.value(1).toString(),
                                callArmFromName(q.value(2).toString()).value_or(CallArm::Probe),
                                q.value(3).toLongLong()));
    }
    return out;
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
                " reply, metric_value, metric_flag, status, error, error_kind, attempts, details)"
                " VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
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
                "details=excluded.details"
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

QList<LoggedCall> RunStore::calls(qint64 runId) const
{
    QList<LoggedCall> out;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT * FROM calls WHERE run_id = ? ORDER BY call_index"));
    q.addBindValue(runId);
    q.exec();
    while (q.next()) {
        out << callFromQuery(q);
    }
    return out;
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
        *error = sqlError(m_path, QStringLiteral("cannot re-score"), r.lastError());
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

QList<RunEvent> RunStore::events(qint64 runId) const
{
    QList<RunEvent> out;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral(
        "SELECT time, kind, message FROM run_events WHERE run_id = ? ORDER BY rowid"));
    q.addBindValue(runId);
    q.exec();
    while (q.next()) {
        out.append({QDateTime::fromString(q.value(0).toString(), Qt::ISODateWithMs),
                    q.value(1).toString(), q.value(2).toString()});
    }
    return out;
}

bool RunStore::saveDraft(const QString& probeJson, QString* error)
{
    return saveMeta(QStringLiteral("draft"), probeJson, QStringLiteral("cannot save the probe"),
                    error);
}

QString RunStore::loadDraft() const
{
    return loadMeta(QStringLiteral("draft"));
}

bool RunStore::saveByHandSheet(const QString& sheet, QString* error)
{
    return saveMeta(QStringLiteral("by_hand"), sheet,
                    QStringLiteral("cannot save the by-hand sheet"), error);
}

QString RunStore::loadByHandSheet() const
{
    return loadMeta(QStringLiteral("by_hand"));
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

QString RunStore::loadMeta(const QString& key) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT value FROM meta WHERE key = ?"));
    q.addBindValue(key);
    q.exec();
    return q.next() ? q.value(0).toString() : QString();
}

} // namespace pb

#include "store/StoreRows.h"

#include <QJsonDocument>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QVariant>
#include <iterator>

namespace pb {
namespace {

// The calls table's columns in the order StoreRows::CallColumns keeps their positions.
const char* const kCallColumns[] = {
    "run_id",       "call_index",     "time",         "backend",     "endpoint",
    "model",        "model_reported", "model_digest", "temperature", "item_index",
    "item_id",      "variant",        "arm",          "seed",        "prompt",
    "messages",     "reply",          "metric_value", "metric_flag", "status",
    "error",        "error_kind",     "attempts",     "details",     "input_tokens",
    "output_tokens"};

enum Column
{
    RunId,
    CallIndex,
    Time,
    Backend,
    Endpoint,
    Model,
    ModelReported,
    ModelDigest,
    Temperature,
    ItemIndex,
    ItemId,
    Variant,
    Arm,
    Seed,
    Prompt,
    Messages,
    Reply,
    MetricValue,
    MetricFlag,
    Status,
    Error,
    ErrorKind,
    Attempts,
    Details,
    InputTokens,
    OutputTokens,
    ColumnCount
};

} // namespace

StoreRows::CallColumns::CallColumns(const QSqlRecord& record)
{
    static_assert(std::size(kCallColumns) == ColumnCount && ColumnCount == kColumns);
    for (int i = 0; i < ColumnCount; ++i) {
        m_position[i] = record.indexOf(QLatin1String(kCallColumns[i]));
    }
}

LoggedCall StoreRows::call(const QSqlQuery& q)
{
    return call(q, CallColumns(q.record()), nullptr);
}

LoggedCall StoreRows::call(const QSqlQuery& q, const CallColumns& columns, SharedTexts* shared)
{
    auto value = [&](int column) { return q.value(columns.position(column)); };
    auto text = [&](int column) {
        QString v = value(column).toString();
        return shared && !v.isEmpty() ? *shared->insert(v) : v;
    };
    LoggedCall c;
    c.runId = value(RunId).toLongLong();
    c.callIndex = value(CallIndex).toULongLong();
    c.time = QDateTime::fromString(value(Time).toString(), Qt::ISODateWithMs);
    c.backend = text(Backend);
    c.endpoint = text(Endpoint);
    c.model = text(Model);
    c.modelReported = text(ModelReported);
    c.modelDigest = text(ModelDigest);
    c.temperature = value(Temperature).toDouble();
    c.itemIndex = value(ItemIndex).toInt();
    c.itemId = text(ItemId);
    c.variant = text(Variant);
    c.arm = callArmFromName(value(Arm).toString()).value_or(CallArm::Probe);
    c.seed = value(Seed).toLongLong();
    c.prompt = value(Prompt).toString();
    c.messagesJson = value(Messages).toString();
    c.reply = value(Reply).toString();
    const QVariant metric = value(MetricValue);
    if (!metric.isNull()) {
        c.metricValue = metric.toDouble();
    }
    c.metricFlag = text(MetricFlag);
    c.status =
        value(Status).toString() == QLatin1String("ok") ? CallStatus::Ok : CallStatus::Failed;
    c.error = value(Error).toString();
    c.errorKind = text(ErrorKind);
    c.attempts = value(Attempts).toInt();
    // A store from before the token columns (salvaged) has neither: -1 reads as NULL.
    auto count = [&](int column) -> std::optional<qint64> {
        const QVariant v = columns.position(column) < 0 ? QVariant() : value(column);
        return v.isNull() ? std::nullopt : TokenCount::checked(v.toLongLong());
    };
    c.tokens = {count(InputTokens), count(OutputTokens)};
    const QString details = value(Details).toString();
    if (!details.isEmpty()) { // left out of a read without the texts
        c.details = QJsonDocument::fromJson(details.toUtf8()).object();
    }
    return c;
}

RunRecord StoreRows::run(const QSqlQuery& q)
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

} // namespace pb

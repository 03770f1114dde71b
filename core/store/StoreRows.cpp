#include "store/StoreRows.h"

#include <QJsonDocument>
#include <QSqlQuery>
#include <QVariant>

namespace pb {
namespace {

QString text(const QSqlQuery& q, const QString& column, StoreRows::SharedTexts* shared)
{
    QString value = q.value(column).toString();
    return shared && !value.isEmpty() ? *shared->insert(value) : value;
}

} // namespace

LoggedCall StoreRows::call(const QSqlQuery& q, SharedTexts* shared)
{
    LoggedCall c;
    c.runId = q.value(QStringLiteral("run_id")).toLongLong();
    c.callIndex = q.value(QStringLiteral("call_index")).toULongLong();
    c.time = QDateTime::fromString(q.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
    c.backend = text(q, QStringLiteral("backend"), shared);
    c.endpoint = text(q, QStringLiteral("endpoint"), shared);
    c.model = text(q, QStringLiteral("model"), shared);
    c.modelReported = text(q, QStringLiteral("model_reported"), shared);
    c.modelDigest = text(q, QStringLiteral("model_digest"), shared);
    c.temperature = q.value(QStringLiteral("temperature")).toDouble();
    c.itemIndex = q.value(QStringLiteral("item_index")).toInt();
    c.itemId = text(q, QStringLiteral("item_id"), shared);
    c.variant = text(q, QStringLiteral("variant"), shared);
    c.arm = callArmFromName(q.value(QStringLiteral("arm")).toString()).value_or(CallArm::Probe);
    c.seed = q.value(QStringLiteral("seed")).toLongLong();
    c.prompt = q.value(QStringLiteral("prompt")).toString();
    c.messagesJson = q.value(QStringLiteral("messages")).toString();
    c.reply = q.value(QStringLiteral("reply")).toString();
    const QVariant metric = q.value(QStringLiteral("metric_value"));
    if (!metric.isNull()) {
        c.metricValue = metric.toDouble();
    }
    c.metricFlag = text(q, QStringLiteral("metric_flag"), shared);
    c.status = q.value(QStringLiteral("status")).toString() == QLatin1String("ok")
                   ? CallStatus::Ok
                   : CallStatus::Failed;
    c.error = q.value(QStringLiteral("error")).toString();
    c.errorKind = text(q, QStringLiteral("error_kind"), shared);
    c.attempts = q.value(QStringLiteral("attempts")).toInt();
    const QString details = q.value(QStringLiteral("details")).toString();
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

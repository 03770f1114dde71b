#include "store/StoreRows.h"

#include <QJsonDocument>
#include <QSqlQuery>
#include <QVariant>

namespace pb {

LoggedCall StoreRows::call(const QSqlQuery& q)
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

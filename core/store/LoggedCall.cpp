#include "store/LoggedCall.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

namespace pb {
namespace {

QString messagesToJson(const QList<ChatMessage>& messages)
{
    QJsonArray arr;
    for (const ChatMessage& m : messages) {
        arr.append(
            QJsonObject{{QStringLiteral("role"), m.role}, {QStringLiteral("content"), m.content}});
    }
    return QString::fromUtf8(QJsonDocument(arr).toJson(QJsonDocument::Compact));
}

} // namespace

LoggedCall LoggedCall::fromResult(qint64 runId, const CallResult& result)
{
    const CallRequest& r = result.request;
    LoggedCall c;
    c.runId = runId;
    c.callIndex = r.callIndex;
    c.time = result.finishedAt.isValid() ? result.finishedAt : QDateTime::currentDateTimeUtc();
    c.backend = result.backend;
    c.endpoint = result.endpoint;
    c.model = r.model;
    c.modelReported = result.modelReported;
    c.modelDigest = result.modelDigest;
    c.temperature = r.temperature;
    c.itemIndex = r.itemIndex;
    c.itemId = r.itemId;
    c.variant = r.variant;
    c.arm = r.arm;
    c.seed = r.seed;
    c.prompt = r.prompt;
    c.messagesJson = messagesToJson(r.messages);
    c.status = result.status;
    c.error = result.error;
    c.errorKind = result.errorKind;
    c.attempts = result.attempts;
    c.details = result.details;
    if (result.status == CallStatus::Ok) {
        c.reply = result.reply;
        c.tokens = TokenCount::fromFacts(result.details);
    }
    return c;
}

QString LoggedCall::cellKey() const
{
    return cellKey(itemId, variant, arm, seed);
}

QString LoggedCall::cellKey(const QString& itemId, const QString& variant, CallArm arm, qint64 seed)
{
    // A unit separator cannot appear in JSON-loaded ids by accident, so keys cannot collide.
    const QChar sep(0x1f);
    return itemId + sep + variant + sep + callArmName(arm) + sep + QString::number(seed);
}

QString LoggedCall::flags() const
{
    QStringList parts;
    if (status == CallStatus::Failed) {
        parts << QStringLiteral("failed:") +
                     (errorKind.isEmpty() ? QStringLiteral("error") : errorKind);
    }
    if (!metricFlag.isEmpty()) {
        parts << metricFlag;
    }
    return parts.join(QLatin1Char(';'));
}

QString callArmName(CallArm arm)
{
    return arm == CallArm::Noise ? QStringLiteral("noise") : QStringLiteral("probe");
}

std::optional<CallArm> callArmFromName(const QString& name)
{
    if (name == QLatin1String("probe")) {
        return CallArm::Probe;
    }
    if (name == QLatin1String("noise")) {
        return CallArm::Noise;
    }
    return std::nullopt;
}

QString callStatusName(CallStatus status)
{
    return status == CallStatus::Ok ? QStringLiteral("ok") : QStringLiteral("failed");
}

} // namespace pb

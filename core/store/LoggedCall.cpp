#include "store/LoggedCall.h"

#include <QStringList>

namespace pb {

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
        parts << QStringLiteral("failed:") + (errorKind.isEmpty() ? QStringLiteral("error") : errorKind);
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

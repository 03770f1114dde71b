#include "backends/ApiKey.h"

#include <QRegularExpression>

namespace pb {

ApiKey::ApiKey(const QString& environmentVariable) : m_variable(environmentVariable)
{
}

bool ApiKey::missing() const
{
    return wanted() && value().isEmpty();
}

QByteArray ApiKey::authorization() const
{
    const QByteArray key = value();
    return key.isEmpty() ? QByteArray() : QByteArrayLiteral("Bearer ") + key;
}

QString ApiKey::scrub(QString text) const
{
    const QString key = QString::fromLocal8Bit(value());
    if (key.size() >= 4)
        text.replace(key, QStringLiteral("[key]"));
    return text;
}

bool ApiKey::isVariableName(const QString& text)
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]{0,63}$"));
    return name.match(text).hasMatch();
}

QByteArray ApiKey::value() const
{
    if (m_variable.isEmpty())
        return QByteArray();
    return qgetenv(m_variable.toLocal8Bit().constData()).trimmed();
}

} // namespace pb

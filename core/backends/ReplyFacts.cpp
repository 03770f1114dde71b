#include "backends/ReplyFacts.h"

#include <QJsonArray>
#include <cmath>

namespace pb {

namespace {

bool absent(const QJsonValue& value)
{
    return value.isUndefined() || value.isNull();
}

} // namespace

void ReplyFacts::keepCount(const QJsonObject& from, const QString& key, const QString& path,
                           qint64 most)
{
    const QJsonValue value = from.value(key);
    if (absent(value))
        return;
    const std::optional<qint64> count = countOf(value);
    if (count && *count <= most)
        m_details.insert(key, *count);
    else
        flag(path + key);
}

void ReplyFacts::keepText(const QJsonObject& from, const QString& key, const QString& path)
{
    if (absent(from.value(key)))
        return;
    const QString value = text(from, key, path);
    if (from.value(key).isString())
        m_details.insert(key, value);
}

QString ReplyFacts::text(const QJsonObject& from, const QString& key, const QString& path)
{
    const QJsonValue value = from.value(key);
    if (!absent(value) && !value.isString())
        flag(path + key);
    return value.toString();
}

QJsonObject ReplyFacts::object(const QJsonObject& from, const QString& key, const QString& path)
{
    const QJsonValue value = from.value(key);
    if (!absent(value) && !value.isObject())
        flag(path + key);
    return value.toObject();
}

void ReplyFacts::flag(const QString& path)
{
    if (!m_malformed.contains(path))
        m_malformed.append(path);
}

QJsonObject ReplyFacts::details() const
{
    QJsonObject details = m_details;
    if (!m_malformed.isEmpty())
        details.insert(QStringLiteral("malformed_fields"), QJsonArray::fromStringList(m_malformed));
    return details;
}

std::optional<qint64> ReplyFacts::countOf(const QJsonValue& value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double number = value.toDouble();
    if (!(number >= 0.0 && number <= double(kLargestCount)) || std::floor(number) != number)
        return std::nullopt;
    return qint64(number);
}

QString ReplyFacts::typeName(const QJsonValue& value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("missing");
}

} // namespace pb

#include "probe/JsonPath.h"

namespace pb {

namespace {

bool isPlainWord(const QString& key)
{
    if (key.isEmpty() || !(key.front().isLetter() || key.front() == QLatin1Char('_'))) {
        return false;
    }
    for (const QChar c : key) {
        if (!(c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('-'))) {
            return false;
        }
    }
    return true;
}

QString quoted(const QString& key)
{
    QString out = key;
    out.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    out.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    out.replace(QLatin1Char('\n'), QStringLiteral("\\n"));
    out.replace(QLatin1Char('\r'), QStringLiteral("\\r"));
    out.replace(QLatin1Char('\t'), QStringLiteral("\\t"));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

} // namespace

QString JsonPath::member(const QString& parent, const QString& key)
{
    if (!isPlainWord(key)) {
        return parent + QLatin1Char('[') + quoted(key) + QLatin1Char(']');
    }
    if (parent.isEmpty()) {
        return key;
    }
    return parent + QLatin1Char('.') + key;
}

QString JsonPath::element(const QString& parent, qsizetype index)
{
    return parent + QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
}

} // namespace pb

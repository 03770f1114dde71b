#include "FakeWire.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonDocument>
#include <cstring>

namespace pb::test::wire {

QByteArray statusLine(int status)
{
    switch (status) {
    case 200:
        return QByteArrayLiteral("HTTP/1.1 200 OK\r\n");
    case 307:
        return QByteArrayLiteral("HTTP/1.1 307 Temporary Redirect\r\n");
    case 400:
        return QByteArrayLiteral("HTTP/1.1 400 Bad Request\r\n");
    case 401:
        return QByteArrayLiteral("HTTP/1.1 401 Unauthorized\r\n");
    case 404:
        return QByteArrayLiteral("HTTP/1.1 404 Not Found\r\n");
    case 429:
        return QByteArrayLiteral("HTTP/1.1 429 Too Many Requests\r\n");
    default:
        return QByteArrayLiteral("HTTP/1.1 500 Internal Server Error\r\n");
    }
}

QByteArray json(const QJsonObject& object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QByteArray chunk(const QByteArray& data)
{
    return QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n";
}

QString isoNow()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

QByteArray sha256(const QByteArray& data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256);
}

double uniformFrom(const QByteArray& hash, int offset)
{
    quint64 bits = 0;
    std::memcpy(&bits, hash.constData() + offset, sizeof bits);
    return (double(bits >> 11) + 0.5) / 9007199254740992.0;
}

} // namespace pb::test::wire

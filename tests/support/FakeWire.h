#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

// The bytes the fake model server writes: HTTP/1.1 framing, compact JSON, and the hashes its
// deterministic replies and fault draws come from.
namespace pb::test::wire {

QByteArray statusLine(int status);
QByteArray json(const QJsonObject& object);
// One chunk of a chunked body.
QByteArray chunk(const QByteArray& data);
QString isoNow();
QByteArray sha256(const QByteArray& data);
// A uniform double in (0, 1) from 8 bytes of a hash.
double uniformFrom(const QByteArray& hash, int offset);

} // namespace pb::test::wire

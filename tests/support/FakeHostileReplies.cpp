#include "FakeModelServer.h"
#include "FakeWire.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTimer>

// The faults of a hostile server: replies that never end or end far too big, redirects to
// somewhere else, and replies whose fields have the wrong JSON type.
namespace pb::test {

using namespace wire;

namespace {

constexpr qsizetype kEndlessChunkBytes = 1024 * 1024;

QByteArray chunkedHeader(bool keepAlive, bool ndjson)
{
    return statusLine(200) +
           "Content-Type: " + (ndjson ? "application/x-ndjson" : "application/json") +
           "\r\nTransfer-Encoding: chunked\r\n" +
           (keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n") + "\r\n";
}

// One streamed line that adds text to the reply and does not end it.
QByteArray ollamaPiece(const QString& model, const QString& text)
{
    return json({{QStringLiteral("model"), model},
                 {QStringLiteral("created_at"), isoNow()},
                 {QStringLiteral("message"),
                  QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                              {QStringLiteral("content"), text}}},
                 {QStringLiteral("done"), false}}) +
           '\n';
}

} // namespace

bool FakeModelServer::respondHostile(quint64 id)
{
    const auto it = m_exchanges.find(id);
    Exchange& exchange = it->second;
    QTcpSocket* socket = exchange.socket;
    switch (exchange.fault) {
    case FakeFault::Trickle:
        socket->write(chunkedHeader(exchange.keepAlive, exchange.stream));
        trickle(id);
        return true;
    case FakeFault::Endless:
        socket->write(chunkedHeader(exchange.keepAlive, exchange.stream));
        // Written as the client takes it, so that what got onto the wire is what it read.
        connect(socket, &QTcpSocket::bytesWritten, this, [this, id](qint64 bytes) {
            if (m_exchanges.count(id) == 0)
                return;
            m_hostileBytes += bytes;
            writeEndless(id);
        });
        writeEndless(id);
        return true;
    case FakeFault::Redirect:
        redirect(socket,
                 exchange.ollama ? QStringLiteral("/api/chat")
                                 : QStringLiteral("/v1/chat/completions"),
                 exchange.keepAlive);
        endExchange(id, false);
        return true;
    case FakeFault::Oversized:
    case FakeFault::NotDone:
    case FakeFault::DoneAsText:
    case FakeFault::CountAsText:
    case FakeFault::CountNegative:
    case FakeFault::CountHuge:
        // Not counted as answered: like a malformed reply, it is no answer to keep.
        respondNow(socket, exchange.keepAlive, 200, patchedBody(exchange),
                   exchange.stream ? QByteArrayLiteral("application/x-ndjson")
                                   : QByteArrayLiteral("application/json"));
        endExchange(id, false);
        return true;
    default:
        return false;
    }
}

void FakeModelServer::trickle(quint64 id)
{
    const auto it = m_exchanges.find(id);
    if (it == m_exchanges.end() || !it->second.socket)
        return;
    const Exchange& exchange = it->second;
    // Every piece is valid on its own: only the pace is hostile.
    const QByteArray piece =
        chunk(exchange.stream ? ollamaPiece(exchange.model, QStringLiteral(".")) : QByteArray(" "));
    exchange.socket->write(piece);
    exchange.socket->flush();
    m_hostileBytes += piece.size();
    QTimer::singleShot(m_trickleMs, this, [this, id] { trickle(id); });
}

void FakeModelServer::writeEndless(quint64 id)
{
    const auto it = m_exchanges.find(id);
    if (it == m_exchanges.end() || !it->second.socket)
        return;
    Exchange& exchange = it->second;
    if (exchange.socket->bytesToWrite() >= kEndlessChunkBytes)
        return;
    if (exchange.body.size() < kEndlessChunkBytes) { // still the good reply admit() built
        const QByteArray payload =
            exchange.stream
                ? ollamaPiece(exchange.model, QString(kEndlessChunkBytes - 120, QLatin1Char('x')))
                : QByteArray(kEndlessChunkBytes, ' ');
        exchange.body = chunk(payload); // the same megabyte, again and again
    }
    exchange.socket->write(exchange.body);
}

void FakeModelServer::redirect(QTcpSocket* socket, const QString& path, bool keepAlive)
{
    QUrl target = m_redirectTarget;
    target.setPath(path);
    respondNow(
        socket, keepAlive, 307,
        json({{QStringLiteral("error"), QStringLiteral("moved to %1").arg(target.toString())}}),
        QByteArrayLiteral("application/json"), "Location: " + target.toEncoded() + "\r\n");
}

QByteArray FakeModelServer::patchedBody(const Exchange& exchange) const
{
    // The last object of the body (the whole body, or a stream's closing line) carries the
    // reply's facts.
    QList<QByteArray> lines = okBody(exchange).split('\n');
    while (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    QJsonObject last = QJsonDocument::fromJson(lines.last()).object();
    switch (exchange.fault) {
    case FakeFault::NotDone:
        if (exchange.ollama)
            last.insert(QStringLiteral("done"), false);
        break;
    case FakeFault::DoneAsText:
        if (exchange.ollama)
            last.insert(QStringLiteral("done"), QStringLiteral("yes"));
        break;
    case FakeFault::CountAsText:
    case FakeFault::CountNegative:
    case FakeFault::CountHuge: {
        const QJsonValue junk = exchange.fault == FakeFault::CountAsText
                                    ? QJsonValue(QStringLiteral("many"))
                                : exchange.fault == FakeFault::CountNegative ? QJsonValue(-5)
                                                                             : QJsonValue(1e12);
        if (exchange.ollama) {
            last.insert(QStringLiteral("eval_count"), junk);
        } else {
            QJsonObject usage = last.value(QLatin1String("usage")).toObject();
            usage.insert(QStringLiteral("completion_tokens"), junk);
            last.insert(QStringLiteral("usage"), usage);
        }
        break;
    }
    case FakeFault::Oversized: {
        const QJsonObject message{
            {QStringLiteral("role"), QStringLiteral("assistant")},
            {QStringLiteral("content"), QString(qsizetype(m_oversizeBytes), QLatin1Char('x'))}};
        if (exchange.ollama) {
            last.insert(QStringLiteral("message"), message);
        } else {
            QJsonArray choices = last.value(QLatin1String("choices")).toArray();
            QJsonObject choice = choices.at(0).toObject();
            choice.insert(QStringLiteral("message"), message);
            choices.replace(0, choice);
            last.insert(QStringLiteral("choices"), choices);
        }
        break;
    }
    default:
        break;
    }
    lines.last() = json(last);
    return lines.join('\n') + (exchange.stream ? "\n" : "");
}

} // namespace pb::test

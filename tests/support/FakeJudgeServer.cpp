#include "FakeJudgeServer.h"

#include "judge/JudgePrompt.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpServer>
#include <QTcpSocket>
#include <algorithm>

namespace pb::test {

FakeJudgeServer::FakeJudgeServer(Responder responder, QObject* parent)
    : QObject(parent), m_responder(std::move(responder)), m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket* socket = m_server->nextPendingConnection()) {
            m_buffers[socket] = QByteArray();
            connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readSocket(socket); });
            connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
                m_buffers.erase(socket);
                socket->deleteLater();
            });
        }
    });
}

FakeJudgeServer::~FakeJudgeServer() = default;

bool FakeJudgeServer::listen()
{
    return m_server->listen(QHostAddress::LocalHost, 0);
}

QUrl FakeJudgeServer::ollamaUrl() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server->serverPort()));
}

QUrl FakeJudgeServer::openAiUrl() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(m_server->serverPort()));
}

QList<QPair<QString, QString>> FakeJudgeServer::messagesOf(const QJsonObject& body)
{
    QList<QPair<QString, QString>> out;
    for (const QJsonValue& m : body.value(QLatin1String("messages")).toArray()) {
        const QJsonObject o = m.toObject();
        out.append({o.value(QLatin1String("role")).toString(),
                    o.value(QLatin1String("content")).toString()});
    }
    return out;
}

QString FakeJudgeServer::answerOf(const QJsonObject& body)
{
    for (const auto& [role, content] : messagesOf(body)) {
        if (role == QLatin1String("user"))
            return JudgePrompt::answerIn(content).value_or(QString());
    }
    return QString();
}

void FakeJudgeServer::readSocket(QTcpSocket* socket)
{
    QByteArray& buffer = m_buffers[socket];
    buffer += socket->readAll();
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0)
        return;
    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    qsizetype length = 0;
    for (const QByteArray& line : lines) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == "content-length")
            length = line.mid(colon + 1).trimmed().toLongLong();
    }
    if (buffer.size() < headerEnd + 4 + length)
        return;
    const QByteArray body = buffer.mid(headerEnd + 4, length);
    buffer.clear();
    respond(socket, requestLine.value(0), QString::fromLatin1(requestLine.value(1)), body);
}

void FakeJudgeServer::write(QTcpSocket* socket, int status, const QByteArray& body)
{
    const QByteArray reason =
        status == 200 ? QByteArrayLiteral("OK") : QByteArrayLiteral("Not Found");
    QByteArray head =
        "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason +
        "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) +
        "\r\nConnection: close\r\n\r\n";
    socket->write(head + body);
    socket->disconnectFromHost();
}

void FakeJudgeServer::respond(QTcpSocket* socket, const QByteArray& method, const QString& path,
                              const QByteArray& body)
{
    auto json = [](const QJsonObject& o) {
        return QJsonDocument(o).toJson(QJsonDocument::Compact);
    };
    const QString digest =
        QStringLiteral("sha256:fakejudge0000000000000000000000000000000000000000");
    if (path == QLatin1String("/api/version")) {
        write(socket, 200, json({{QStringLiteral("version"), QStringLiteral("0.0.0-fake-judge")}}));
    } else if (path == QLatin1String("/api/tags")) {
        write(socket, 200,
              json({{QStringLiteral("models"),
                     QJsonArray{QJsonObject{{QStringLiteral("name"), m_model},
                                            {QStringLiteral("model"), m_model},
                                            {QStringLiteral("digest"), digest},
                                            {QStringLiteral("size"), 1}}}}}));
    } else if (path == QLatin1String("/api/show")) {
        write(socket, 200,
              json({{QStringLiteral("details"),
                     QJsonObject{{QStringLiteral("family"), QStringLiteral("fake")}}}}));
    } else if (path == QLatin1String("/v1/models")) {
        write(socket, 200,
              json({{QStringLiteral("data"),
                     QJsonArray{QJsonObject{{QStringLiteral("id"), m_model}}}}}));
    } else if (method == "POST" && (path == QLatin1String("/api/chat") ||
                                    path == QLatin1String("/v1/chat/completions"))) {
        const QJsonObject request = QJsonDocument::fromJson(body).object();
        m_chatBodies << request;
        const QString content = m_responder(request);
        const QJsonObject message{{QStringLiteral("role"), QStringLiteral("assistant")},
                                  {QStringLiteral("content"), content}};
        qsizetype promptChars = 0;
        for (const auto& [role, text] : messagesOf(request))
            promptChars += text.size();
        const qint64 input = std::max<qint64>(1, promptChars / 4);
        const qint64 output = std::max<qint64>(1, content.size() / 4);
        if (m_reportTokens) {
            m_reportedInput += input;
            m_reportedOutput += output;
        }
        if (path == QLatin1String("/api/chat")) {
            QJsonObject reply{
                {QStringLiteral("model"), m_model},
                {QStringLiteral("created_at"), QStringLiteral("2025-01-01T00:00:00Z")},
                {QStringLiteral("message"), message},
                {QStringLiteral("done"), true},
                {QStringLiteral("done_reason"), QStringLiteral("stop")}};
            if (m_reportTokens) {
                reply.insert(QStringLiteral("prompt_eval_count"), input);
                reply.insert(QStringLiteral("eval_count"), output);
            }
            write(socket, 200, json(reply));
        } else {
            QJsonObject reply{{QStringLiteral("id"), QStringLiteral("chatcmpl-fake")},
                              {QStringLiteral("object"), QStringLiteral("chat.completion")},
                              {QStringLiteral("model"), m_model},
                              {QStringLiteral("choices"),
                               QJsonArray{QJsonObject{
                                   {QStringLiteral("index"), 0},
                                   {QStringLiteral("message"), message},
                                   {QStringLiteral("finish_reason"), QStringLiteral("stop")}}}}};
            if (m_reportTokens)
                reply.insert(QStringLiteral("usage"),
                             QJsonObject{{QStringLiteral("prompt_tokens"), input},
                                         {QStringLiteral("completion_tokens"), output}});
            write(socket, 200, json(reply));
        }
    } else {
        write(socket, 404,
              json({{QStringLiteral("error"), QString(QStringLiteral("not found: ") + path)}}));
    }
}

} // namespace pb::test

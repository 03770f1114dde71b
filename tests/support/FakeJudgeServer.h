#pragma once

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QUrl>
#include <functional>
#include <unordered_map>

class QTcpServer;
class QTcpSocket;

namespace pb::test {

// A judge on a real loopback socket: a minimal Ollama (POST /api/chat, GET /api/version,
// GET /api/tags, POST /api/show) and OpenAI (POST /v1/chat/completions, GET /v1/models)
// server whose chat replies come from a function of the request body, the judge under
// test. Every chat body is kept, so a test can check what reached the server (the JSON
// schema in Ollama's "format" or OpenAI's "response_format", the follow-up messages of a
// re-ask). One request per connection (Connection: close). Lives on one thread and needs
// its event loop.
class FakeJudgeServer : public QObject
{
    Q_OBJECT
public:
    using Responder = std::function<QString(const QJsonObject& body)>;

    explicit FakeJudgeServer(Responder responder, QObject* parent = nullptr);
    ~FakeJudgeServer() override;

    bool listen();
    QUrl ollamaUrl() const;
    QUrl openAiUrl() const;
    void setModel(const QString& model) { m_model = model; }
    QString model() const { return m_model; }

    QList<QJsonObject> chatBodies() const { return m_chatBodies; }
    // Reply with token counts, as Ollama and OpenAI do: input = the characters of the
    // request's messages / 4, output = the reply's characters / 4 (both at least 1). Off
    // by default: the judge tests meet a server that reports none.
    void setReportTokens(bool on) { m_reportTokens = on; }
    // What it has reported so far, summed over every reply.
    qint64 reportedInput() const { return m_reportedInput; }
    qint64 reportedOutput() const { return m_reportedOutput; }

    // The artifact of a judge request: <answer>...</answer> of its first user message.
    static QString answerOf(const QJsonObject& body);
    // The messages of a request body as (role, content) pairs.
    static QList<QPair<QString, QString>> messagesOf(const QJsonObject& body);

private:
    void readSocket(QTcpSocket* socket);
    void respond(QTcpSocket* socket, const QByteArray& method, const QString& path,
                 const QByteArray& body);
    static void write(QTcpSocket* socket, int status, const QByteArray& body);

    Responder m_responder;
    QTcpServer* m_server = nullptr;
    QString m_model = QStringLiteral("fake-judge:latest");
    QList<QJsonObject> m_chatBodies;
    bool m_reportTokens = false;
    qint64 m_reportedInput = 0;
    qint64 m_reportedOutput = 0;
    std::unordered_map<QTcpSocket*, QByteArray> m_buffers;
};

} // namespace pb::test

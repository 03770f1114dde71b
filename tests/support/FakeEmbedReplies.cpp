#include "FakeModelServer.h"
#include "FakeWire.h"
#include "standin/StandInEmbedding.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpSocket>

// The fake server's answers to embedding requests, in the shapes Ollama documents for
// /api/embed and llama-server sends for /v1/embeddings.
namespace pb::test {

using namespace wire;

namespace {

QJsonArray vectorFor(const QString& input, FakeEmbedFault fault)
{
    QJsonArray vector = StandInEmbedding::embedJson(input);
    if (fault == FakeEmbedFault::JunkVector)
        vector[3] = QStringLiteral("0.25");
    if (fault == FakeEmbedFault::WrongDims)
        vector.append(0.0);
    return vector;
}

} // namespace

void FakeModelServer::answerEmbed(QTcpSocket* socket, const Request& request, bool ollama,
                                  bool keepAlive)
{
    ++m_embedReceived;
    m_lastEmbedBody = request.body;
    const QJsonObject body = QJsonDocument::fromJson(request.body).object();
    const QString model = body.value(QLatin1String("model")).toString();
    if (!findModel(model)) {
        const QString message = QStringLiteral("model '%1' not found").arg(model);
        respondNow(socket, keepAlive, 404,
                   ollama ? json({{QStringLiteral("error"), message}})
                          : json({{QStringLiteral("error"),
                                   QJsonObject{{QStringLiteral("message"), message},
                                               {QStringLiteral("type"),
                                                QStringLiteral("invalid_request_error")},
                                               {QStringLiteral("code"), 404}}}}));
        return;
    }
    QStringList inputs;
    const QJsonValue input = body.value(QLatin1String("input"));
    if (input.isArray()) {
        for (const QJsonValue& v : input.toArray())
            inputs << v.toString();
    } else {
        inputs << input.toString();
    }
    FakeEmbedFault fault = m_embedFault;
    if (!m_embedFaultInput.isEmpty() &&
        !std::any_of(inputs.begin(), inputs.end(),
                     [this](const QString& text) { return text.contains(m_embedFaultInput); }))
        fault = FakeEmbedFault::None;
    if (fault == FakeEmbedFault::Refused) {
        // llama-server's own words when it was not started with --embeddings --pooling mean.
        respondNow(socket, keepAlive, 400,
                   json({{QStringLiteral("error"),
                          QJsonObject{{QStringLiteral("code"), 400},
                                      {QStringLiteral("message"),
                                       QStringLiteral("Pooling type 'none' is not OAI compatible. "
                                                      "Please use a different pooling type")},
                                      {QStringLiteral("type"),
                                       QStringLiteral("invalid_request_error")}}}}));
        return;
    }
    if (fault == FakeEmbedFault::Canned) {
        respondNow(socket, keepAlive, 200, m_cannedEmbedBody);
        return;
    }
    qint64 tokens = 0;
    QJsonArray vectors;
    QJsonArray data;
    for (qsizetype i = 0; i < inputs.size(); ++i) {
        tokens += wordsIn(inputs[i]);
        const QJsonArray vector = vectorFor(inputs[i], fault);
        vectors.append(vector);
        data.append(QJsonObject{{QStringLiteral("embedding"), vector},
                                {QStringLiteral("index"), int(i)},
                                {QStringLiteral("object"), QStringLiteral("embedding")}});
    }
    if (ollama) {
        respondNow(socket, keepAlive, 200,
                   json({{QStringLiteral("model"), model},
                         {QStringLiteral("embeddings"), vectors},
                         {QStringLiteral("total_duration"), 14143917},
                         {QStringLiteral("load_duration"), 1019500},
                         {QStringLiteral("prompt_eval_count"), tokens}}));
        return;
    }
    respondNow(
        socket, keepAlive, 200,
        json({{QStringLiteral("model"), model},
              {QStringLiteral("object"), QStringLiteral("list")},
              {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), tokens},
                                                    {QStringLiteral("total_tokens"), tokens}}},
              {QStringLiteral("data"), data}}));
}

} // namespace pb::test

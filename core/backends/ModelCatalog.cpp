#include "backends/ModelCatalog.h"

#include "backends/BoundedReply.h"
#include "backends/HttpFailure.h"
#include "backends/OllamaBackend.h"
#include "backends/OpenAiBackend.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>

namespace pb {

ModelCatalog::ModelCatalog(QObject* parent) : QObject(parent)
{
}

void ModelCatalog::fetch(WireProtocol protocol, const QUrl& endpoint, const QString& apiKeyEnv,
                         int timeoutMs)
{
    if (!m_network)
        m_network = new QNetworkAccessManager(this);
    const quint64 generation = ++m_generation;
    m_protocol = protocol;
    m_base = protocol == WireProtocol::OpenAi ? OpenAiBackend::apiBase(endpoint) : endpoint;
    m_apiKey = ApiKey(apiKeyEnv);
    m_timeoutMs = timeoutMs;
    if (m_apiKey.missing()) {
        // Reported from the event loop, like every other outcome.
        const QString message = QStringLiteral("the environment variable %1 named by "
                                               "api_key_env is not set; export it first")
                                    .arg(apiKeyEnv);
        QMetaObject::invokeMethod(
            this,
            [this, generation, message] {
                if (generation == m_generation)
                    fail(message, QStringLiteral("no-api-key"));
            },
            Qt::QueuedConnection);
        return;
    }
    if (protocol == WireProtocol::Ollama) {
        BoundedReply* reply = get(QStringLiteral("/api/version"));
        connect(reply, &BoundedReply::ended, this,
                [this, generation, reply] { readOllamaVersion(generation, reply); });
    } else {
        BoundedReply* reply = get(QStringLiteral("/models"));
        connect(reply, &BoundedReply::ended, this,
                [this, generation, reply] { readOpenAiModels(generation, reply); });
    }
}

BoundedReply* ModelCatalog::get(const QString& path)
{
    QUrl url = m_base;
    QString base = url.path();
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    url.setPath(base + path);
    HttpFailure::Context context;
    context.endpoint = m_base;
    context.protocol = m_protocol;
    context.apiKeyEnv = m_apiKey.variable();
    context.path = url.path();
    context.timeoutMs = m_timeoutMs;
    return new BoundedReply(m_network->get(BoundedReply::request(url, m_apiKey.authorization())),
                            BoundedReply::Body::Keep, m_maxReplyBytes, context);
}

std::optional<QByteArray> ModelCatalog::takeBody(quint64 generation, BoundedReply* reply)
{
    if (generation != m_generation)
        return std::nullopt; // a newer fetch() abandoned this one
    if (const auto& failure = reply->failure()) {
        fail(failure->message, failure->kind);
        return std::nullopt;
    }
    return reply->takeBody();
}

void ModelCatalog::readOllamaVersion(quint64 generation, BoundedReply* reply)
{
    const std::optional<QByteArray> body = takeBody(generation, reply);
    if (!body)
        return;
    const QString version =
        QJsonDocument::fromJson(*body).object().value(QLatin1String("version")).toString();
    if (version.isEmpty()) {
        fail(QStringLiteral("the server at %1 answered /api/version, but not in Ollama's "
                            "protocol; if it is an OpenAI-compatible server, use --backend openai")
                 .arg(m_base.toDisplayString(QUrl::RemoveUserInfo)),
             QStringLiteral("protocol"));
        return;
    }
    BoundedReply* tags = get(QStringLiteral("/api/tags"));
    connect(tags, &BoundedReply::ended, this,
            [this, generation, tags, version] { readOllamaTags(generation, tags, version); });
}

void ModelCatalog::readOllamaTags(quint64 generation, BoundedReply* reply, const QString& version)
{
    const std::optional<QByteArray> body = takeBody(generation, reply);
    if (!body)
        return;
    const std::optional<QList<ModelInfo>> models = OllamaBackend::parseTags(*body);
    if (!models) {
        fail(QStringLiteral("the server at %1 answered /api/tags, but not in Ollama's protocol")
                 .arg(m_base.toDisplayString(QUrl::RemoveUserInfo)),
             QStringLiteral("protocol"));
        return;
    }
    Q_EMIT listed(*models, version);
}

void ModelCatalog::readOpenAiModels(quint64 generation, BoundedReply* reply)
{
    const std::optional<QByteArray> body = takeBody(generation, reply);
    if (!body)
        return;
    const std::optional<QList<ModelInfo>> models = OpenAiBackend::parseModels(*body);
    if (!models) {
        fail(QStringLiteral("the server at %1 answered /models, but not in the OpenAI protocol; "
                            "if it is Ollama, use --backend ollama without /v1")
                 .arg(m_base.toDisplayString(QUrl::RemoveUserInfo)),
             QStringLiteral("protocol"));
        return;
    }
    Q_EMIT listed(*models, QString());
}

void ModelCatalog::fail(const QString& message, const QString& kind)
{
    Q_EMIT failed(m_apiKey.scrub(message), kind);
}

} // namespace pb

#include "backends/OpenAiBackend.h"

#include "backends/OpenAiReplyReader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace pb {

OpenAiBackend::OpenAiBackend(const BackendConfig& config, QObject* parent)
    : HttpModelBackend(withApiBases(config), parent)
{
}

QString OpenAiBackend::name() const
{
    return QStringLiteral("openai");
}

QUrl OpenAiBackend::apiBase(const QUrl& endpoint)
{
    QUrl base = endpoint;
    QString path = base.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    base.setPath(path.isEmpty() ? QStringLiteral("/v1") : path);
    return base;
}

std::optional<QList<ModelInfo>> OpenAiBackend::parseModels(const QByteArray& body)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    const QJsonValue data = doc.object().value(QLatin1String("data"));
    if (!doc.isObject() || !data.isArray())
        return std::nullopt;
    QList<ModelInfo> list;
    for (const QJsonValue& value : data.toArray()) {
        const QJsonObject object = value.toObject();
        ModelInfo info;
        info.name = object.value(QLatin1String("id")).toString();
        const QJsonValue owner = object.value(QLatin1String("owned_by"));
        if (owner.isString())
            info.details.insert(QStringLiteral("owned_by"), owner);
        if (!info.name.isEmpty())
            list.append(info);
    }
    return list;
}

QByteArray OpenAiBackend::chatBodyFor(const CallRequest& request)
{
    QJsonArray messages;
    for (const ChatMessage& message : request.messages)
        messages.append(QJsonObject{{QStringLiteral("role"), message.role},
                                    {QStringLiteral("content"), message.content}});
    QJsonObject body{{QStringLiteral("model"), request.model},
                     {QStringLiteral("messages"), messages},
                     {QStringLiteral("temperature"), request.temperature},
                     {QStringLiteral("seed"), request.seed},
                     {QStringLiteral("stream"), false}};
    if (request.maxTokens)
        body.insert(QStringLiteral("max_tokens"), *request.maxTokens);
    if (request.topLogprobs > 0) {
        body.insert(QStringLiteral("logprobs"), true);
        body.insert(QStringLiteral("top_logprobs"), request.topLogprobs);
    }
    if (!request.responseSchema.isEmpty())
        body.insert(QStringLiteral("response_format"),
                    QJsonObject{{QStringLiteral("type"), QStringLiteral("json_schema")},
                                {QStringLiteral("json_schema"),
                                 QJsonObject{{QStringLiteral("name"), QStringLiteral("reply")},
                                             {QStringLiteral("strict"), true},
                                             {QStringLiteral("schema"), request.responseSchema}}}});
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

QString OpenAiBackend::chatPath() const
{
    return QStringLiteral("/chat/completions");
}

QByteArray OpenAiBackend::chatBody(const CallRequest& request) const
{
    return chatBodyFor(request);
}

QByteArray OpenAiBackend::embedBodyFor(const CallRequest& request)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("model"), request.model},
                                     {QStringLiteral("input"), request.embedInput},
                                     {QStringLiteral("encoding_format"), QStringLiteral("float")}})
        .toJson(QJsonDocument::Compact);
}

QString OpenAiBackend::embedPath() const
{
    return QStringLiteral("/embeddings");
}

QByteArray OpenAiBackend::embedBody(const CallRequest& request) const
{
    return embedBodyFor(request);
}

std::unique_ptr<ReplyReader> OpenAiBackend::replyReader(const CallRequest&) const
{
    return std::make_unique<OpenAiReplyReader>();
}

QString OpenAiBackend::modelListPath() const
{
    return QStringLiteral("/models");
}

std::optional<QList<ModelInfo>> OpenAiBackend::parseModelList(const QByteArray& body) const
{
    return parseModels(body);
}

BackendConfig OpenAiBackend::withApiBases(BackendConfig config)
{
    for (QUrl& endpoint : config.endpoints)
        endpoint = apiBase(endpoint);
    return config;
}

} // namespace pb

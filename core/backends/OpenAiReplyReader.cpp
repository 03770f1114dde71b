#include "backends/OpenAiReplyReader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace pb {

bool OpenAiReplyReader::feed(const QByteArray& bytes)
{
    m_buffer.append(bytes);
    return false;
}

std::optional<HttpFailure> OpenAiReplyReader::finish(CallResult& result,
                                                     const HttpFailure::Context& context)
{
    const QJsonDocument doc = QJsonDocument::fromJson(m_buffer);
    if (!doc.isObject()) {
        QString start = QString::fromUtf8(m_buffer.left(60)).simplified();
        if (m_buffer.size() > 60)
            start += QStringLiteral("...");
        return HttpFailure::wrongProtocol(QStringLiteral("the body is not JSON: %1").arg(start),
                                          context);
    }
    const QJsonObject object = doc.object();
    if (object.contains(QLatin1String("error"))) {
        HttpFailure failure;
        failure.kind = QStringLiteral("server-error");
        failure.message =
            QStringLiteral("the server at %1 reported an error instead of a reply: %2")
                .arg(context.endpoint.toDisplayString(QUrl::RemoveUserInfo),
                     HttpFailure::serverText(m_buffer));
        failure.transient = true;
        return failure;
    }
    const QJsonArray choices = object.value(QLatin1String("choices")).toArray();
    const QJsonObject choice = choices.isEmpty() ? QJsonObject() : choices.first().toObject();
    const QJsonValue message = choice.value(QLatin1String("message"));
    const QJsonValue content = message.toObject().value(QLatin1String("content"));
    // A null content is a legal reply (the model produced only a tool call); a missing
    // one is not this protocol.
    if (!message.isObject() || !(content.isString() || content.isNull())) {
        const bool looksOllama =
            object.contains(QLatin1String("message")) && object.contains(QLatin1String("done"));
        return HttpFailure::wrongProtocol(looksOllama
                                              ? QStringLiteral("it looks like Ollama's protocol")
                                              : QStringLiteral("no choices[0].message.content"),
                                          context);
    }
    result.reply = content.toString();
    result.modelReported = object.value(QLatin1String("model")).toString();

    QJsonObject details;
    const QJsonValue finishReason = choice.value(QLatin1String("finish_reason"));
    if (!finishReason.isUndefined() && !finishReason.isNull())
        details.insert(QStringLiteral("finish_reason"), finishReason);
    const QJsonObject usage = object.value(QLatin1String("usage")).toObject();
    for (const QLatin1String key :
         {QLatin1String("prompt_tokens"), QLatin1String("completion_tokens")}) {
        if (usage.contains(key))
            details.insert(key, usage.value(key));
    }
    const QJsonValue fingerprint = object.value(QLatin1String("system_fingerprint"));
    if (fingerprint.isString())
        details.insert(QStringLiteral("system_fingerprint"), fingerprint);
    result.details = details;
    return std::nullopt;
}

} // namespace pb

#include "backends/OpenAiReplyReader.h"

#include "backends/ReplyFacts.h"
#include "backends/TokenLogprobs.h"
#include "run/TokenCount.h"

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
    if (!doc.isObject())
        return HttpFailure::notJson(m_buffer, context);
    const QJsonObject object = doc.object();
    if (object.contains(QLatin1String("error")))
        return HttpFailure::serverError(HttpFailure::serverText(m_buffer),
                                        QStringLiteral("a reply"), true, context);
    const QJsonArray choices = object.value(QLatin1String("choices")).toArray();
    const QJsonObject choice = choices.isEmpty() ? QJsonObject() : choices.first().toObject();
    const QJsonValue message = choice.value(QLatin1String("message"));
    const QJsonValue content = message.toObject().value(QLatin1String("content"));
    // A null content is a legal reply (the model produced only a tool call); a missing
    // one is not this protocol.
    if (!message.isObject() || content.isUndefined()) {
        const bool looksOllama =
            object.contains(QLatin1String("message")) && object.contains(QLatin1String("done"));
        return HttpFailure::wrongProtocol(looksOllama
                                              ? QStringLiteral("it looks like Ollama's protocol")
                                              : QStringLiteral("no choices[0].message.content"),
                                          context);
    }
    if (!content.isString() && !content.isNull())
        return HttpFailure::malformed(QStringLiteral("choices[0].message.content is %1, not text")
                                          .arg(ReplyFacts::typeName(content)),
                                      context);
    result.reply = content.toString();

    ReplyFacts facts;
    result.modelReported = facts.text(object, QStringLiteral("model"));
    facts.keepText(choice, QStringLiteral("finish_reason"), QStringLiteral("choices[0]."));
    const QJsonObject usage = facts.object(object, QStringLiteral("usage"));
    for (const char* count : {"prompt_tokens", "completion_tokens"})
        facts.keepCount(usage, QString::fromLatin1(count), QStringLiteral("usage."),
                        TokenCount::kMostPerCall);
    facts.keepText(object, QStringLiteral("system_fingerprint"));
    result.details = facts.details();
    const QJsonValue logprobs = choice.value(QLatin1String("logprobs"));
    if (logprobs.isObject())
        TokenLogprobs::addTo(&result.details, logprobs.toObject().value(QLatin1String("content")),
                             QStringLiteral("choices[0].logprobs.content"));
    else if (!logprobs.isUndefined() && !logprobs.isNull())
        TokenLogprobs::addTo(&result.details, logprobs, QStringLiteral("choices[0].logprobs"));
    return std::nullopt;
}

} // namespace pb

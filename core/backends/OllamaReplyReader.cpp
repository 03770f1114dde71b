#include "backends/OllamaReplyReader.h"

#include "backends/ReplyFacts.h"
#include "backends/TokenLogprobs.h"
#include "run/TokenCount.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <utility>

namespace pb {

namespace {

// What is wrong with a "done" that is not the boolean true, or nothing.
std::optional<QString> notDone(const QJsonValue& done)
{
    if (done.isBool())
        return done.toBool() ? std::nullopt
                             : std::optional<QString>(QStringLiteral("\"done\" is false, not true: "
                                                                     "the server says the reply "
                                                                     "is not finished"));
    const QString shown =
        done.isString() ? QStringLiteral(" (\"%1\")").arg(done.toString().left(40)) : QString();
    return QStringLiteral("\"done\" is %1%2, not the boolean true")
        .arg(ReplyFacts::typeName(done), shown);
}

} // namespace

OllamaReplyReader::OllamaReplyReader(bool streamed) : m_streamed(streamed)
{
}

bool OllamaReplyReader::feed(const QByteArray& bytes)
{
    m_buffer.append(bytes);
    if (!m_streamed)
        return false;
    bool grew = false;
    qsizetype newline;
    while ((newline = m_buffer.indexOf('\n')) >= 0) {
        const QByteArray line = m_buffer.left(newline);
        m_buffer.remove(0, newline + 1);
        grew = readLine(line) || grew;
    }
    return grew;
}

bool OllamaReplyReader::readLine(const QByteArray& line)
{
    const QByteArray trimmed = line.trimmed();
    if (trimmed.isEmpty() || m_done || !m_badLine.isEmpty() || !m_serverError.isEmpty() ||
        !m_malformed.isEmpty())
        return false;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(trimmed, &parseError);
    if (!doc.isObject()) {
        m_badLine = HttpFailure::bodyStart(trimmed);
        return false;
    }
    const QJsonObject object = doc.object();
    if (object.contains(QLatin1String("error"))) {
        m_serverError = HttpFailure::serverText(trimmed);
        return false;
    }
    const QJsonValue message = object.value(QLatin1String("message"));
    const QJsonValue done = object.value(QLatin1String("done"));
    if (!message.isObject() || done.isUndefined()) {
        m_badLine = HttpFailure::bodyStart(trimmed);
        return false;
    }
    if (!done.isBool()) {
        m_malformed = QStringLiteral("a streamed line's ") + *notDone(done);
        return false;
    }
    const QJsonValue content = message.toObject().value(QLatin1String("content"));
    if (!content.isUndefined() && !content.isString()) {
        m_malformed = QStringLiteral("a streamed line's message.content is %1, not text")
                          .arg(ReplyFacts::typeName(content));
        return false;
    }
    const QString piece = content.toString();
    m_text += piece;
    keepLogprobs(object.value(QLatin1String("logprobs")));
    if (done.toBool()) {
        m_done = true;
        m_final = object;
    }
    return !piece.isEmpty();
}

std::optional<HttpFailure> OllamaReplyReader::finish(CallResult& result,
                                                     const HttpFailure::Context& context)
{
    if (m_streamed) {
        readLine(std::exchange(m_buffer, {}));
        if (!m_serverError.isEmpty())
            return HttpFailure::serverError(m_serverError, QStringLiteral("a reply"), true,
                                            context);
        if (!m_badLine.isEmpty())
            return HttpFailure::wrongProtocol(
                QStringLiteral("a streamed line is not an Ollama chat object: %1").arg(m_badLine),
                context);
        if (!m_malformed.isEmpty())
            return HttpFailure::malformed(m_malformed, context);
        if (!m_done) {
            HttpFailure failure;
            failure.kind = QStringLiteral("closed");
            failure.message = QStringLiteral("the streamed reply from %1 ended before its last "
                                             "line (\"done\": true)")
                                  .arg(context.endpoint.toDisplayString(QUrl::RemoveUserInfo));
            failure.transient = true;
            return failure;
        }
        result.reply = m_text;
    } else {
        const QJsonDocument doc = QJsonDocument::fromJson(m_buffer);
        if (!doc.isObject())
            return HttpFailure::notJson(m_buffer, context);
        const QJsonObject object = doc.object();
        if (object.contains(QLatin1String("error")))
            return HttpFailure::serverError(HttpFailure::serverText(m_buffer),
                                            QStringLiteral("a reply"), true, context);
        const QJsonValue message = object.value(QLatin1String("message"));
        const QJsonValue content = message.toObject().value(QLatin1String("content"));
        if (!message.isObject() || content.isUndefined()) {
            const QString detail = object.contains(QLatin1String("choices"))
                                       ? QStringLiteral("it looks like the OpenAI protocol")
                                       : QStringLiteral("no message.content in the reply");
            return HttpFailure::wrongProtocol(detail, context);
        }
        if (!content.isString())
            return HttpFailure::malformed(QStringLiteral("message.content is %1, not text")
                                              .arg(ReplyFacts::typeName(content)),
                                          context);
        if (const std::optional<QString> wrong = notDone(object.value(QLatin1String("done"))))
            return HttpFailure::malformed(*wrong, context);
        m_final = object;
        m_text = content.toString();
        result.reply = m_text;
        keepLogprobs(object.value(QLatin1String("logprobs")));
    }
    ReplyFacts facts;
    result.modelReported = facts.text(m_final, QStringLiteral("model"));
    result.details = detailsOf(m_final, facts);
    if (m_logprobsNotList)
        TokenLogprobs::addTo(&result.details, *m_logprobsNotList, QStringLiteral("logprobs"));
    else if (!m_logprobs.isEmpty())
        TokenLogprobs::addTo(&result.details, m_logprobs, QStringLiteral("logprobs"));
    return std::nullopt;
}

void OllamaReplyReader::keepLogprobs(const QJsonValue& entries)
{
    if (entries.isUndefined() || entries.isNull() || m_logprobsNotList)
        return;
    if (!entries.isArray()) {
        m_logprobsNotList = entries;
        return;
    }
    // Streamed, each line carries the entries of its own tokens; only the first few are read.
    for (const QJsonValue& entry : entries.toArray()) {
        if (m_logprobs.size() >= TokenLogprobs::kKeptTokens)
            break;
        m_logprobs.append(entry);
    }
}

QJsonObject OllamaReplyReader::detailsOf(const QJsonObject& final, ReplyFacts& facts)
{
    facts.keepText(final, QStringLiteral("done_reason"));
    for (const char* count : {"prompt_eval_count", "eval_count"})
        facts.keepCount(final, QString::fromLatin1(count), QString(), TokenCount::kMostPerCall);
    for (const char* duration :
         {"total_duration", "load_duration", "prompt_eval_duration", "eval_duration"})
        facts.keepCount(final, QString::fromLatin1(duration));
    return facts.details();
}

} // namespace pb

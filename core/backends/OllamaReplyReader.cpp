#include "backends/OllamaReplyReader.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <utility>

namespace pb {

namespace {

HttpFailure serverError(const QString& text, const HttpFailure::Context& context)
{
    HttpFailure failure;
    failure.kind = QStringLiteral("server-error");
    failure.message = QStringLiteral("the server at %1 reported an error instead of a reply: %2")
                          .arg(context.endpoint.toDisplayString(QUrl::RemoveUserInfo), text);
    failure.transient = true;
    return failure;
}

QString shortened(const QByteArray& bytes)
{
    QString text = QString::fromUtf8(bytes.left(60)).simplified();
    return bytes.size() > 60 ? text + QStringLiteral("...") : text;
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
    if (trimmed.isEmpty() || m_done || !m_badLine.isEmpty() || !m_serverError.isEmpty())
        return false;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(trimmed, &parseError);
    if (!doc.isObject()) {
        m_badLine = shortened(trimmed);
        return false;
    }
    const QJsonObject object = doc.object();
    if (object.contains(QLatin1String("error"))) {
        m_serverError = HttpFailure::serverText(trimmed);
        return false;
    }
    const QJsonValue message = object.value(QLatin1String("message"));
    if (!message.isObject() || !object.contains(QLatin1String("done"))) {
        m_badLine = shortened(trimmed);
        return false;
    }
    const QString piece = message.toObject().value(QLatin1String("content")).toString();
    m_text += piece;
    if (object.value(QLatin1String("done")).toBool()) {
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
            return serverError(m_serverError, context);
        if (!m_badLine.isEmpty())
            return HttpFailure::wrongProtocol(
                QStringLiteral("a streamed line is not an Ollama chat object: %1").arg(m_badLine),
                context);
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
            return HttpFailure::wrongProtocol(
                QStringLiteral("the body is not JSON: %1").arg(shortened(m_buffer)), context);
        const QJsonObject object = doc.object();
        if (object.contains(QLatin1String("error")))
            return serverError(HttpFailure::serverText(m_buffer), context);
        const QJsonValue message = object.value(QLatin1String("message"));
        const QJsonValue content = message.toObject().value(QLatin1String("content"));
        if (!message.isObject() || !content.isString()) {
            const QString detail = object.contains(QLatin1String("choices"))
                                       ? QStringLiteral("it looks like the OpenAI protocol")
                                       : QStringLiteral("no message.content in the reply");
            return HttpFailure::wrongProtocol(detail, context);
        }
        m_final = object;
        m_text = content.toString();
        result.reply = m_text;
    }
    result.modelReported = m_final.value(QLatin1String("model")).toString();
    result.details = detailsOf(m_final);
    return std::nullopt;
}

QJsonObject OllamaReplyReader::detailsOf(const QJsonObject& final)
{
    static const char* const kFields[] = {
        "done_reason",   "prompt_eval_count",    "eval_count",   "total_duration",
        "load_duration", "prompt_eval_duration", "eval_duration"};
    QJsonObject details;
    for (const char* field : kFields) {
        const QString key = QString::fromLatin1(field);
        if (final.contains(key))
            details.insert(key, final.value(key));
    }
    return details;
}

} // namespace pb

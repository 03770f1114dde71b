#include "backends/EmbeddingReplyReader.h"

#include "backends/ReplyFacts.h"
#include "metrics/EmbeddingMetric.h"
#include "run/TokenCount.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>

namespace pb {

bool EmbeddingReplyReader::feed(const QByteArray& bytes)
{
    m_buffer.append(bytes);
    return false;
}

QString EmbeddingReplyReader::vectorProblem(const QJsonValue& vector, const QString& path)
{
    if (!vector.isArray())
        return QStringLiteral("%1 is %2, not a list of numbers")
            .arg(path, ReplyFacts::typeName(vector));
    const QJsonArray values = vector.toArray();
    if (values.isEmpty())
        return QStringLiteral("%1 is an empty list").arg(path);
    if (values.size() > EmbeddingMetric::kMaxDimensions)
        return QStringLiteral("%1 has %2 dimensions, more than the %3 any embedding model gives")
            .arg(path)
            .arg(values.size())
            .arg(EmbeddingMetric::kMaxDimensions);
    bool nonZero = false;
    for (qsizetype i = 0; i < values.size(); ++i) {
        const QJsonValue v = values[i];
        if (!v.isDouble() || !std::isfinite(v.toDouble()))
            return QStringLiteral("%1[%2] is %3, not a finite number")
                .arg(path)
                .arg(i)
                .arg(v.isDouble() ? QStringLiteral("not finite") : ReplyFacts::typeName(v));
        nonZero = nonZero || v.toDouble() != 0.0;
    }
    if (!nonZero)
        return QStringLiteral("%1 is all zeros: a vector with no direction").arg(path);
    return QString();
}

std::optional<HttpFailure> EmbeddingReplyReader::finish(CallResult& result,
                                                        const HttpFailure::Context& context)
{
    const QJsonDocument doc = QJsonDocument::fromJson(m_buffer);
    if (!doc.isObject())
        return HttpFailure::notJson(m_buffer, context);
    const QJsonObject object = doc.object();
    // Not transient: a model that cannot embed refuses every try alike.
    if (object.contains(QLatin1String("error")))
        return HttpFailure::serverError(HttpFailure::serverText(m_buffer),
                                        QStringLiteral("an embedding"), false, context);
    const bool ollama = m_protocol == WireProtocol::Ollama;
    const QString listKey = ollama ? QStringLiteral("embeddings") : QStringLiteral("data");
    const QJsonValue list = object.value(listKey);
    if (!list.isArray())
        return HttpFailure::wrongProtocol(
            QStringLiteral("no \"%1\" list (the %2 embeddings reply)")
                .arg(listKey, ollama ? QStringLiteral("Ollama /api/embed")
                                     : QStringLiteral("OpenAI /v1/embeddings")),
            context);
    if (list.toArray().size() != 1)
        return HttpFailure::malformed(QStringLiteral("\"%1\" has %2 entries for the one input sent")
                                          .arg(listKey)
                                          .arg(list.toArray().size()),
                                      context);
    const QJsonValue first = list.toArray().first();
    const QJsonValue vector = ollama ? first : first.toObject().value(QLatin1String("embedding"));
    const QString path =
        ollama ? QStringLiteral("embeddings[0]") : QStringLiteral("data[0].embedding");
    if (const QString problem = vectorProblem(vector, path); !problem.isEmpty())
        return HttpFailure::malformed(problem, context);

    ReplyFacts facts;
    result.modelReported = facts.text(object, QStringLiteral("model"));
    if (ollama) {
        facts.keepCount(object, QStringLiteral("prompt_eval_count"), QString(),
                        TokenCount::kMostPerCall);
    } else {
        const QJsonObject usage = facts.object(object, QStringLiteral("usage"));
        facts.keepCount(usage, QStringLiteral("prompt_tokens"), QStringLiteral("usage."),
                        TokenCount::kMostPerCall);
    }
    result.details = facts.details();
    result.details.insert(QStringLiteral("embedding"), vector);
    result.details.insert(QStringLiteral("embedding_dims"), vector.toArray().size());
    return std::nullopt;
}

} // namespace pb

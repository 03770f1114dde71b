#include "generative/EmbeddingReading.h"

#include "backends/EmbeddingReplyReader.h"

#include <QJsonArray>

namespace pb {

namespace {

std::vector<double> numbers(const QJsonArray& values)
{
    std::vector<double> out;
    out.reserve(std::size_t(values.size()));
    for (const QJsonValue& v : values)
        out.push_back(v.toDouble());
    return out;
}

} // namespace

EmbeddingReading EmbeddingReading::fromResult(const CallResult& embedding)
{
    EmbeddingReading r;
    r.model = embedding.request.model;
    r.modelReported = embedding.modelReported;
    r.digest = embedding.modelDigest;
    const QJsonValue vector = embedding.details.value(QLatin1String(kKey));
    r.problem = EmbeddingReplyReader::vectorProblem(vector, QStringLiteral("the embedding"));
    if (r.problem.isEmpty())
        r.vector = numbers(vector.toArray());
    return r;
}

QJsonObject EmbeddingReading::toJson() const
{
    QJsonArray values;
    for (double x : vector)
        values.append(x);
    QJsonObject out{{QStringLiteral("model"), model},
                    {QStringLiteral("model_reported"), modelReported},
                    {QStringLiteral("dims"), dims()},
                    {QStringLiteral("vector"), values}};
    if (!digest.isEmpty())
        out.insert(QStringLiteral("digest"), digest);
    return out;
}

std::optional<EmbeddingReading> EmbeddingReading::fromDetails(const QJsonObject& details)
{
    const QJsonObject object = details.value(QLatin1String(kKey)).toObject();
    const QJsonValue vector = object.value(QLatin1String("vector"));
    if (object.isEmpty() ||
        !EmbeddingReplyReader::vectorProblem(vector, QStringLiteral("vector")).isEmpty() ||
        object.value(QLatin1String("dims")).toInt(-1) != vector.toArray().size())
        return std::nullopt;
    EmbeddingReading r;
    r.model = object.value(QLatin1String("model")).toString();
    r.modelReported = object.value(QLatin1String("model_reported")).toString();
    r.digest = object.value(QLatin1String("digest")).toString();
    r.vector = numbers(vector.toArray());
    return r;
}

} // namespace pb

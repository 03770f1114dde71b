#include "metrics/EmbeddingMetric.h"

#include "backends/BackendFactory.h"
#include "probe/JsonPath.h"

namespace pb {

QList<ProbeProblem> EmbeddingMetric::validate(const MetricSpec& spec, const QString& basePath)
{
    QList<ProbeProblem> problems;
    const QString at = JsonPath::member(basePath, QStringLiteral("embedding"));
    if (spec.embeddingModel.trimmed().isEmpty()) {
        problems << ProbeProblem::error(
            at, QStringLiteral("missing: a generative probe names the embedding model that "
                               "turns replies into vectors, e.g. {\"model\": "
                               "\"nomic-embed-text\"}"));
    }
    if (!spec.embeddingBackend.isEmpty() &&
        !BackendFactory::backendNames().contains(spec.embeddingBackend)) {
        problems << ProbeProblem::error(
            JsonPath::member(at, QStringLiteral("backend")),
            QStringLiteral("must be one of %1")
                .arg(BackendFactory::backendNames().join(QStringLiteral(", "))));
    }
    for (qsizetype i = 0; i < spec.embeddingEndpoints.size(); ++i) {
        QString error;
        if (!BackendFactory::parseEndpoint(spec.embeddingEndpoints[i], &error)) {
            problems << ProbeProblem::error(
                JsonPath::element(JsonPath::member(at, QStringLiteral("endpoints")), i), error);
        }
    }
    return problems;
}

QString EmbeddingMetric::definition(const MetricSpec& spec)
{
    return QStringLiteral(
               "Generative mode: each reply is turned into a vector by the embedding model "
               "\"%1\" (held fixed for the whole run), and two replies are compared by their "
               "cosine distance, 1 - cos(u, v), from 0 (same direction) to 2. No reply gets a "
               "number of its own; a reply whose embedding could not be had is flagged and left "
               "out, never guessed.")
        .arg(spec.embeddingModel);
}

QString EmbeddingMetric::backendOf(const MetricSpec& spec, const ProbeSettings& settings)
{
    return spec.embeddingBackend.isEmpty() ? settings.backend : spec.embeddingBackend;
}

} // namespace pb

#pragma once

#include "probe/ProbeDocument.h"
#include "probe/ProbeProblem.h"

#include <QList>
#include <QString>

namespace pb {

// The generative mode's "metric": no number per reply, but the reply's embedding, a vector
// from the embedding model the probe names (metric.embedding.model), compared by cosine
// distance. The embedding model is held fixed like the chat model: a different one is a
// different estimator, so it is part of the run's identity.
class EmbeddingMetric
{
public:
    static constexpr const char* kKind = "embedding";
    // The most dimensions a vector may have. The largest common embedding models give 4096;
    // a server that sends more is broken, and every vector is held by the analysis.
    static constexpr int kMaxDimensions = 16384;

    // Everything wrong with a generative spec, each named by path under basePath
    // ("metric.embedding.model").
    static QList<ProbeProblem> validate(const MetricSpec& spec, const QString& basePath);
    // The paragraph that defines the estimator for the run record and the report.
    static QString definition(const MetricSpec& spec);
    // The backend the embedding calls go to: its own, or the probe's.
    static QString backendOf(const MetricSpec& spec, const ProbeSettings& settings);
};

} // namespace pb

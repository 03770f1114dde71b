#pragma once

#include "run/CallResult.h"

#include <QJsonObject>
#include <QString>
#include <optional>
#include <vector>

namespace pb {

// A generative reply's embedding, as recorded in its call's details under "embedding":
// {"model": the embedding model asked, "model_reported": the one that answered, "digest" (where
// known), "dims": N, "vector": [N numbers]}. Read back only when whole: a vector of 1 to
// EmbeddingMetric::kMaxDimensions finite numbers, not all zero, whose size is "dims".
struct EmbeddingReading
{
    static constexpr const char* kKey = "embedding";

    QString model;
    QString modelReported;
    QString digest; // the embedding model's digest where the server reports one (Ollama)
    std::vector<double> vector;
    QString problem; // fromResult: why the embedding call's vector cannot be used; else empty

    int dims() const { return int(vector.size()); }

    // The reading of an embedding call's result (the vector an EmbeddingReplyReader or the
    // stand-in left in its details), checked again, since a stand-in or a test may fill them.
    static EmbeddingReading fromResult(const CallResult& embedding);
    QJsonObject toJson() const;
    // The reading recorded in a call's details; empty when there is none or it is not whole
    // (a store edited by hand), never a vector made up.
    static std::optional<EmbeddingReading> fromDetails(const QJsonObject& details);
};

} // namespace pb

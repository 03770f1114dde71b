#pragma once

#include "store/LoggedCall.h"

#include <QList>
#include <QString>

namespace pb {

// The digests of the models a run's stored calls came from, each empty when no call names
// one (a stand-in, an OpenAI-compatible server): the chat model's (model_digest) and, in a
// generative run, the embedding model's (the "digest" of the EmbeddingReading under
// "embedding" in a call's details). Each is the first answered call's, in plan order, that
// names one. A resumed run must keep talking to both models: a backend given one of these as
// BackendConfig::expectedDigest refuses a model that now has another.
struct RecordedDigests
{
    QString model;
    QString embedding;

    static RecordedDigests of(const QList<LoggedCall>& calls);
    // The embedding model's digest one call's details record, empty when none.
    static QString embeddingDigestOf(const QJsonObject& details);
};

} // namespace pb

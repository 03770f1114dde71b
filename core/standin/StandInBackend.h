#pragma once

#include "standin/InProcessBackend.h"

namespace pb {

// Serves the tutorial's stand-in model: the reply to each request is
// StandInModel::reply(request.prompt, request.seed, request.temperature,
// request.plantedGap), with the bias knob of StandInBias (where the gap is planted, how much
// noise), answered from the event loop in batches (see InProcessBackend).
// A choice probe's call (one with candidates) is answered by StandInChoice instead, with its
// synthetic log probabilities in details["logprobs"] as a server's would be; an embedding
// call (a generative probe's follow-up) by StandInEmbedding, its vector in details as an
// EmbeddingReplyReader leaves a server's.
class StandInBackend : public InProcessBackend
{
    Q_OBJECT
public:
    explicit StandInBackend(QObject* parent = nullptr);

    QString name() const override;

    // The stand-in's reply (and, for a choice call, its logprobs) filled into result, as a
    // call through this backend gets it; for in-memory experiments (StandInExperiment).
    static void fill(CallResult& result);

protected:
    QString replyTo(const CallRequest& request) const override;
    void answer(CallResult& result) const override;
};

} // namespace pb

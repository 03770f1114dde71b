#pragma once

#include "backends/ModelBackend.h"

#include <memory>

namespace pb {

// A generative probe's backend: chat calls go to the chat model's backend, embedding calls
// (CallRequest::embedding) to the embedding model's, which may be another server or protocol,
// and each checks its own model (an Ollama backend made for the embedding model checks that
// model is pulled and keeps its digest, on a resumed run the digest the stored vectors
// record). Every finished() of either is this backend's; a fatal error of either stops the run.
//
// capacity() is the chat backend's: an embedding call is the follow-up of a cell that already
// holds its slot. askAgainDelayMs() is 0: the follow-up is the cell's second request, not a
// retry of a reply that failed to validate, so there is nothing to back off from.
class EmbeddingRoute : public ModelBackend
{
    Q_OBJECT
public:
    // Takes both; they become children of the route, so they move with it to its thread.
    EmbeddingRoute(std::unique_ptr<ModelBackend> chat, std::unique_ptr<ModelBackend> embedding,
                   QObject* parent = nullptr);

    QString name() const override;
    int capacity() const override;
    void submit(const CallRequest& request) override;
    void cancelAll() override;
    int askAgainDelayMs(int repliesSoFar) override;

private:
    void adopt(ModelBackend* backend);

    ModelBackend* m_chat = nullptr;
    ModelBackend* m_embedding = nullptr;
};

} // namespace pb

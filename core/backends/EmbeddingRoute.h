#pragma once

#include "backends/ModelBackend.h"

#include <QList>
#include <memory>

namespace pb {

// A generative probe's backend: chat calls go to the chat model's backend, embedding calls
// (CallRequest::embedding) to the embedding model's, which may be another server or protocol,
// and each checks its own model (an Ollama backend made for the embedding model checks that
// model is pulled and keeps its digest, on a resumed run the digest the stored vectors
// record). Every finished() of either is this backend's; a fatal error of either stops the run.
//
// No chat call is sent before both backends passed their preflight(): a chat reply is paid
// for, and one whose embedding model turns out to be missing or changed could never be
// embedded. The first submit() starts both preflights; chat calls wait here until they pass,
// and fail (attempts 0, nothing sent) when either stops the run or the run is cancelled.
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
    // Both backends' preflights; passes once both have.
    void preflight() override;

private:
    enum class Preflight
    {
        NotStarted,
        Running,
        Passed,
        Stopped
    };

    void adopt(ModelBackend* backend);
    void startPreflight();
    void onePassed();
    void failHeld(const QString& kind, const QString& message);

    ModelBackend* m_chat = nullptr;
    ModelBackend* m_embedding = nullptr;
    Preflight m_preflight = Preflight::NotStarted;
    int m_passed = 0;
    bool m_announce = false;   // preflight() was asked: say when both passed
    QList<CallRequest> m_held; // chat calls waiting for the preflights
    QString m_stop;            // why the run stopped, once a backend stopped it
};

} // namespace pb

#include "backends/EmbeddingRoute.h"

namespace pb {

EmbeddingRoute::EmbeddingRoute(std::unique_ptr<ModelBackend> chat,
                               std::unique_ptr<ModelBackend> embedding, QObject* parent)
    : ModelBackend(parent), m_chat(chat.release()), m_embedding(embedding.release())
{
    adopt(m_chat);
    adopt(m_embedding);
}

void EmbeddingRoute::adopt(ModelBackend* backend)
{
    backend->setParent(this);
    connect(backend, &ModelBackend::finished, this, &ModelBackend::finished);
    connect(backend, &ModelBackend::partialReply, this, &ModelBackend::partialReply);
    connect(backend, &ModelBackend::fatalError, this, &ModelBackend::fatalError);
}

QString EmbeddingRoute::name() const
{
    return m_chat->name();
}

int EmbeddingRoute::capacity() const
{
    return m_chat->capacity();
}

void EmbeddingRoute::submit(const CallRequest& request)
{
    (request.embedding ? m_embedding : m_chat)->submit(request);
}

void EmbeddingRoute::cancelAll()
{
    m_chat->cancelAll();
    m_embedding->cancelAll();
}

int EmbeddingRoute::askAgainDelayMs(int)
{
    return 0;
}

} // namespace pb

#include "backends/EmbeddingRoute.h"

#include <QDateTime>
#include <utility>

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
    // After the run heard of the stop (and maybe cancelled what waits here already).
    connect(backend, &ModelBackend::fatalError, this, [this](const QString& message) {
        m_preflight = Preflight::Stopped;
        m_stop = message;
        failHeld(QStringLiteral("stopped"), message);
    });
    connect(backend, &ModelBackend::preflightPassed, this, &EmbeddingRoute::onePassed);
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
    if (request.embedding || m_preflight == Preflight::Passed) {
        (request.embedding ? m_embedding : m_chat)->submit(request);
        return;
    }
    m_held.append(request);
    if (m_preflight == Preflight::Stopped) // failed from the event loop, never inside submit()
        QMetaObject::invokeMethod(
            this, [this] { failHeld(QStringLiteral("stopped"), m_stop); }, Qt::QueuedConnection);
    startPreflight();
}

void EmbeddingRoute::preflight()
{
    m_announce = true;
    if (m_preflight == Preflight::Passed)
        QMetaObject::invokeMethod(
            this, [this] { Q_EMIT preflightPassed(); }, Qt::QueuedConnection);
    startPreflight();
}

void EmbeddingRoute::startPreflight()
{
    if (m_preflight != Preflight::NotStarted)
        return;
    m_preflight = Preflight::Running;
    m_chat->preflight();
    m_embedding->preflight();
}

void EmbeddingRoute::onePassed()
{
    if (m_preflight != Preflight::Running || ++m_passed < 2)
        return;
    m_preflight = Preflight::Passed;
    for (const CallRequest& request : std::exchange(m_held, {}))
        m_chat->submit(request);
    if (m_announce)
        Q_EMIT preflightPassed();
}

void EmbeddingRoute::failHeld(const QString& kind, const QString& message)
{
    for (const CallRequest& request : std::exchange(m_held, {})) {
        CallResult result;
        result.request = request;
        result.errorKind = kind;
        result.error = message;
        result.finishedAt = QDateTime::currentDateTimeUtc();
        result.backend = m_chat->name();
        Q_EMIT finished(result);
    }
}

void EmbeddingRoute::cancelAll()
{
    failHeld(QStringLiteral("cancelled"), QStringLiteral("the call was cancelled before a reply "
                                                         "came"));
    m_chat->cancelAll();
    m_embedding->cancelAll();
}

int EmbeddingRoute::askAgainDelayMs(int)
{
    return 0;
}

} // namespace pb

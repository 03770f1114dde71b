#include "standin/InProcessBackend.h"

#include <QDateTime>
#include <utility>

namespace pb {

// The timer is a child so it follows the backend when it is moved to a worker thread.
InProcessBackend::InProcessBackend(QString who, QObject* parent)
    : ModelBackend(parent), m_who(std::move(who)), m_drainTimer(this)
{
    m_drainTimer.setSingleShot(true);
    m_drainTimer.setInterval(0);
    connect(&m_drainTimer, &QTimer::timeout, this, &InProcessBackend::answerBatch);
}

int InProcessBackend::capacity() const
{
    return 256;
}

void InProcessBackend::submit(const CallRequest& request)
{
    m_queue.push_back(request);
    if (!m_drainTimer.isActive())
        m_drainTimer.start();
}

void InProcessBackend::cancelAll()
{
    // Take the queue first: a finished() receiver may submit again, and those new
    // requests belong to whoever submitted them, not to this cancellation.
    const std::deque<CallRequest> cancelled = std::exchange(m_queue, {});
    m_drainTimer.stop();
    for (const CallRequest& request : cancelled) {
        CallResult result;
        result.request = request;
        result.status = CallStatus::Failed;
        result.error = QStringLiteral("The call was cancelled before ") + m_who +
                       QStringLiteral(" answered it.");
        result.errorKind = QStringLiteral("cancelled");
        result.attempts = 0;
        result.finishedAt = QDateTime::currentDateTimeUtc();
        result.backend = name();
        Q_EMIT finished(result);
    }
}

void InProcessBackend::answerBatch()
{
    // Receivers may call submit() or cancelAll() from inside finished(), so the queue is
    // re-read after every emission rather than iterated.
    for (int answered = 0; answered < kBatchSize && !m_queue.empty(); ++answered) {
        CallResult result;
        result.request = std::move(m_queue.front());
        m_queue.pop_front();
        answer(result);
        result.status = CallStatus::Ok;
        result.attempts = 1;
        result.finishedAt = QDateTime::currentDateTimeUtc();
        result.backend = name();
        result.modelReported = result.request.model;
        Q_EMIT finished(result);
    }
    if (!m_queue.empty())
        m_drainTimer.start(); // yield to the event loop between batches
}

} // namespace pb

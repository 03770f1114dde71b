#include "ScriptedBackend.h"

#include <QDateTime>
#include <QTimer>
#include <algorithm>
#include <utility>

namespace pb::test {

ScriptedBackend::ScriptedBackend(QString name, int capacity, Answer answer, QObject* parent)
    : ModelBackend(parent), m_name(std::move(name)), m_capacity(capacity),
      m_answer(std::move(answer))
{
    m_clock.start();
}

void ScriptedBackend::submit(const CallRequest& request)
{
    ++m_submitted;
    m_submitTimes[request.callIndex].append(m_clock.elapsed());
    m_queue.append(request);
    m_maxInFlightSeen = std::max(m_maxInFlightSeen, int(m_queue.size()));
    QTimer::singleShot(0, this, [this] { answerOne(); });
}

void ScriptedBackend::cancelAll()
{
    const QList<CallRequest> queued = std::exchange(m_queue, {});
    for (const CallRequest& request : queued) {
        CallResult result;
        result.request = request;
        result.errorKind = QStringLiteral("cancelled");
        Q_EMIT finished(result);
    }
}

void ScriptedBackend::setFatalAfter(int answers, const QString& message)
{
    m_fatalAfter = answers;
    m_fatalMessage = message;
}

void ScriptedBackend::answerOne()
{
    if (m_queue.isEmpty())
        return;
    const CallRequest request = m_queue.takeFirst();
    CallResult result = m_answer(request);
    result.request = request;
    result.backend = m_name;
    result.finishedAt = QDateTime::currentDateTimeUtc();
    ++m_answered;
    Q_EMIT finished(result);
    if (m_answered == m_fatalAfter)
        Q_EMIT fatalError(m_fatalMessage);
}

} // namespace pb::test

#include "run/ProbeRunner.h"

#include "backends/ModelBackend.h"
#include "metrics/Metric.h"
#include "run/CallPlan.h"
#include "store/RunStore.h"

#include <utility>

namespace pb {

ProbeRunner::ProbeRunner(ProbeDocument doc, RunStore* store, qint64 runId, ModelBackend* backend,
                         QObject* parent)
    : QObject(parent), m_doc(std::move(doc)), m_store(store), m_runId(runId), m_backend(backend),
      m_calls(backend), m_publish(this) // a child, so it follows the runner to another thread
{
    m_publish.setInterval(100);
    connect(&m_publish, &QTimer::timeout, this, &ProbeRunner::publish);
    connect(m_backend, &ModelBackend::finished, this, &ProbeRunner::onCallFinished);
    connect(m_backend, &ModelBackend::fatalError, this, &ProbeRunner::onFatal);
    connect(m_backend, &ModelBackend::partialReply, this, &ProbeRunner::partialReply);
}

RunProgress ProbeRunner::progress() const
{
    return m_calls.progress();
}

void ProbeRunner::start()
{
    if (m_calls.state() != CallQueue::State::Idle) {
        return;
    }
    ProbeDocument planned = m_doc;
    if (m_seedLimit > 0 && m_seedLimit < planned.settings.seeds.size()) {
        planned.settings.seeds = planned.settings.seeds.mid(0, m_seedLimit);
    }
    const QList<CallRequest> plan = CallPlan::build(planned);
    QSet<QString> done;
    QString error;
    if (!m_store->completedCells(m_runId, &done, &error)) {
        // Not knowing what is answered, sending anything could ask a cell twice.
        m_storeFailed = true;
        Q_EMIT finished(RunOutcome::Stopped, error);
        return;
    }
    m_calls.start(plan, done);
    m_publish.start();
    m_calls.fill();
    publish();
    finishIfDrained();
}

void ProbeRunner::pause()
{
    if (m_calls.pause()) {
        publish();
    }
}

void ProbeRunner::resume()
{
    if (m_calls.resume()) {
        m_calls.fill();
        publish();
        finishIfDrained();
    }
}

void ProbeRunner::cancel()
{
    if (m_calls.cancel()) {
        finishIfDrained();
    }
}

void ProbeRunner::onFatal(const QString& message)
{
    if (m_calls.stop(message)) {
        finishIfDrained();
    }
}

LoggedCall ProbeRunner::toLogged(const CallResult& result) const
{
    LoggedCall c = LoggedCall::fromResult(m_runId, result);
    if (result.status == CallStatus::Ok) {
        const MetricResult m = evaluateMetric(m_doc.metric, result.reply);
        c.metricValue = m.value;
        c.metricFlag = m.flag;
    }
    return c;
}

void ProbeRunner::onCallFinished(const CallResult& result)
{
    if (!m_calls.ended(result)) {
        // Recorded from the event loop, after the backend has sent the call that takes the
        // freed slot: the store's commit then overlaps that call instead of delaying it.
        m_toRecord.append(result);
        if (m_toRecord.size() == 1)
            QMetaObject::invokeMethod(this, &ProbeRunner::recordFinished, Qt::QueuedConnection);
    }
    m_calls.fill();
    finishIfDrained();
}

void ProbeRunner::recordFinished()
{
    const QList<CallResult> results = std::exchange(m_toRecord, {});
    for (const CallResult& result : results) {
        const LoggedCall logged = toLogged(result);
        QString error;
        if (!m_store->recordCall(logged, &error)) {
            m_storeFailed = true;
            onFatal(error);
        } else {
            m_calls.recorded(logged.status);
            m_unpublished.append(logged);
        }
    }
    finishIfDrained();
}

void ProbeRunner::publish()
{
    if (!m_unpublished.isEmpty()) {
        Q_EMIT callsRecorded(m_unpublished);
        m_unpublished.clear();
    }
    Q_EMIT progressChanged(progress());
}

void ProbeRunner::finishIfDrained()
{
    if (!m_toRecord.isEmpty())
        return; // the run is not over before its last answers are in the store
    const std::optional<RunOutcome> outcome = m_calls.outcome();
    if (!outcome) {
        return;
    }
    const QString message = m_calls.endMessage(
        *outcome, QStringLiteral("calls"),
        QStringLiteral("%1 calls failed after every retry; they are flagged in the log and left "
                       "out of the statistics"));
    if (*outcome == RunOutcome::Stopped || *outcome == RunOutcome::Cancelled) {
        QString ignored; // the store may be what failed; the message still reaches the user
        m_store->recordEvent(m_runId,
                             *outcome == RunOutcome::Stopped ? QStringLiteral("stopped")
                                                             : QStringLiteral("cancelled"),
                             message, &ignored);
    }
    m_calls.finish();
    m_publish.stop();
    publish();
    Q_EMIT finished(*outcome, message);
}

} // namespace pb

#include "run/ProbeRunner.h"

#include "backends/ModelBackend.h"
#include "metrics/Metric.h"
#include "run/CallPlan.h"
#include "store/RunStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace pb {
namespace {

QString messagesToJson(const QList<ChatMessage>& messages)
{
    QJsonArray arr;
    for (const ChatMessage& m : messages) {
        arr.append(QJsonObject{{QStringLiteral("role"), m.role}, {QStringLiteral("content"), m.content}});
    }
    return QString::fromUtf8(QJsonDocument(arr).toJson(QJsonDocument::Compact));
}

} // namespace

ProbeRunner::ProbeRunner(ProbeDocument doc, RunStore* store, qint64 runId, ModelBackend* backend,
                         QObject* parent)
    : QObject(parent), m_doc(std::move(doc)), m_store(store), m_runId(runId), m_backend(backend),
      m_publish(this) // a child, so it follows the runner to another thread
{
    m_publish.setInterval(100);
    connect(&m_publish, &QTimer::timeout, this, &ProbeRunner::publish);
    connect(m_backend, &ModelBackend::finished, this, &ProbeRunner::onCallFinished);
    connect(m_backend, &ModelBackend::fatalError, this, &ProbeRunner::onFatal);
    connect(m_backend, &ModelBackend::partialReply, this, &ProbeRunner::partialReply);
}

RunProgress ProbeRunner::progress() const
{
    RunProgress p = m_progress;
    p.paused = m_state == State::Paused;
    const double minutes = m_clock.isValid() ? m_clock.elapsed() / 60000.0 : 0.0;
    const int answered = p.ok + p.failed;
    if (minutes > 0 && answered > 0) {
        p.callsPerMinute = answered / minutes;
        p.etaSeconds = p.remaining() / p.callsPerMinute * 60.0;
    }
    return p;
}

void ProbeRunner::start()
{
    if (m_state != State::Idle) {
        return;
    }
    ProbeDocument planned = m_doc;
    if (m_seedLimit > 0 && m_seedLimit < planned.settings.seeds.size()) {
        planned.settings.seeds = planned.settings.seeds.mid(0, m_seedLimit);
    }
    const QList<CallRequest> plan = CallPlan::build(planned);
    const QSet<QString> done = m_store->completedCells(m_runId);
    m_progress = RunProgress{};
    m_progress.total = int(plan.size());
    for (const CallRequest& r : plan) {
        if (done.contains(LoggedCall::cellKey(r.itemId, r.variant, r.arm, r.seed))) {
            ++m_progress.resumed;
        } else {
            m_pending.push_back(r);
        }
    }
    m_state = State::Running;
    m_clock.start();
    m_publish.start();
    fill();
    publish();
    finishIfDrained();
}

void ProbeRunner::pause()
{
    if (m_state == State::Running) {
        m_state = State::Paused;
        publish();
    }
}

void ProbeRunner::resume()
{
    if (m_state == State::Paused) {
        m_state = State::Running;
        fill();
        publish();
        finishIfDrained();
    }
}

void ProbeRunner::cancel()
{
    if (m_state == State::Running || m_state == State::Paused) {
        m_state = State::Cancelling;
        m_pending.clear();
        m_backend->cancelAll();
        finishIfDrained();
    }
}

void ProbeRunner::onFatal(const QString& message)
{
    if (m_state == State::Done || m_state == State::Stopping) {
        return;
    }
    m_stopMessage = message;
    m_state = State::Stopping;
    m_pending.clear();
    m_backend->cancelAll();
    finishIfDrained();
}

void ProbeRunner::fill()
{
    while (m_state == State::Running && !m_pending.empty() &&
           m_progress.inFlight < m_backend->capacity()) {
        CallRequest r = std::move(m_pending.front());
        m_pending.pop_front();
        ++m_progress.inFlight;
        m_backend->submit(r);
    }
}

LoggedCall ProbeRunner::toLogged(const CallResult& result) const
{
    const CallRequest& r = result.request;
    LoggedCall c;
    c.runId = m_runId;
    c.callIndex = r.callIndex;
    c.time = result.finishedAt.isValid() ? result.finishedAt : QDateTime::currentDateTimeUtc();
    c.backend = result.backend;
    c.endpoint = result.endpoint;
    c.model = r.model;
    c.modelReported = result.modelReported;
    c.modelDigest = result.modelDigest;
    c.temperature = r.temperature;
    c.itemIndex = r.itemIndex;
    c.itemId = r.itemId;
    c.variant = r.variant;
    c.arm = r.arm;
    c.seed = r.seed;
    c.prompt = r.prompt;
    c.messagesJson = messagesToJson(r.messages);
    c.status = result.status;
    c.error = result.error;
    c.errorKind = result.errorKind;
    c.attempts = result.attempts;
    c.details = result.details;
    if (result.status == CallStatus::Ok) {
        c.reply = result.reply;
        const MetricResult m = evaluateMetric(m_doc.metric, result.reply);
        c.metricValue = m.value;
        c.metricFlag = m.flag;
    }
    return c;
}

void ProbeRunner::onCallFinished(const CallResult& result)
{
    --m_progress.inFlight;
    // A call aborted by cancel or by a fatal stop is not a failure of its cell: leaving it
    // unrecorded lets the next session call it again.
    const bool aborted = result.status == CallStatus::Failed &&
                         (m_state == State::Cancelling || m_state == State::Stopping);
    if (!aborted) {
        const LoggedCall logged = toLogged(result);
        QString error;
        if (!m_store->recordCall(logged, &error)) {
            onFatal(error);
        } else {
            if (logged.status == CallStatus::Ok) {
                ++m_progress.ok;
            } else {
                ++m_progress.failed;
            }
            m_unpublished.append(logged);
        }
    }
    fill();
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
    if (m_progress.inFlight > 0 || m_state == State::Done || m_state == State::Idle) {
        return;
    }
    RunOutcome outcome;
    QString message;
    switch (m_state) {
    case State::Running:
        if (!m_pending.empty()) {
            return;
        }
        outcome = m_progress.failed > 0 ? RunOutcome::Incomplete : RunOutcome::Completed;
        message = m_progress.failed > 0
                      ? QStringLiteral("%1 calls failed after every retry; they are flagged in the log "
                                       "and left out of the statistics")
                            .arg(m_progress.failed)
                      : QString();
        break;
    case State::Paused:
        return;
    case State::Cancelling:
        outcome = RunOutcome::Cancelled;
        message = QStringLiteral("cancelled; %1 of %2 calls are recorded and a rerun continues from there")
                      .arg(m_progress.done())
                      .arg(m_progress.total);
        break;
    default:
        outcome = RunOutcome::Stopped;
        message = m_stopMessage;
        break;
    }
    if (outcome == RunOutcome::Stopped || outcome == RunOutcome::Cancelled) {
        QString ignored; // the store may be what failed; the message still reaches the user
        m_store->recordEvent(m_runId, outcome == RunOutcome::Stopped ? QStringLiteral("stopped")
                                                                     : QStringLiteral("cancelled"),
                             message, &ignored);
    }
    m_state = State::Done;
    m_publish.stop();
    publish();
    Q_EMIT finished(outcome, message);
}

} // namespace pb

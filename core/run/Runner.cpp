#include "run/Runner.h"

#include "backends/ModelBackend.h"
#include "run/ReplyHandler.h"
#include "store/RunStore.h"

#include <utility>

namespace pb {

ReplyDecision ReplyDecision::record(LoggedCall call)
{
    ReplyDecision d;
    d.action = Action::Record;
    d.call = std::move(call);
    return d;
}

ReplyDecision ReplyDecision::askAgain(CallRequest again, int repliesSoFar)
{
    ReplyDecision d;
    d.action = Action::AskAgain;
    d.again = std::move(again);
    d.repliesSoFar = repliesSoFar;
    return d;
}

Runner::Runner(QList<CallRequest> plan, ReplyHandler* handler, RunStore* store, qint64 runId,
               ModelBackend* backend, RunWording wording, QObject* parent)
    : QObject(parent), m_plan(std::move(plan)), m_handler(handler), m_store(store), m_runId(runId),
      m_backend(backend), m_wording(std::move(wording)), m_calls(backend),
      m_publish(this) // a child, so it follows the runner to another thread
{
    m_publish.setInterval(100);
    connect(&m_publish, &QTimer::timeout, this, &Runner::publish);
    connect(m_backend, &ModelBackend::finished, this, &Runner::onCallFinished);
    connect(m_backend, &ModelBackend::fatalError, this, &Runner::onFatal);
    connect(m_backend, &ModelBackend::partialReply, this, &Runner::partialReply);
}

void Runner::start()
{
    if (m_calls.state() != CallQueue::State::Idle) {
        return;
    }
    QSet<QString> done;
    QString error;
    if (!m_store->completedCells(m_runId, &done, &error)) {
        // Not knowing what is answered, sending anything could ask a cell twice.
        m_storeFailed = true;
        Q_EMIT finished(RunOutcome::Stopped, error);
        return;
    }
    m_calls.start(std::exchange(m_plan, {}), done);
    m_publish.start();
    fill();
    publish();
    finishIfDrained();
}

void Runner::pause()
{
    if (m_calls.pause()) {
        publish();
    }
}

bool Runner::resume()
{
    if (!m_calls.resume())
        return false;
    for (const CallRequest& again : std::exchange(m_due, {}))
        m_calls.sendHeld(again);
    fill();
    publish();
    finishIfDrained();
    return true;
}

void Runner::cancel()
{
    if (m_calls.cancel()) {
        dropWaiting();
        finishIfDrained();
    }
}

void Runner::onFatal(const QString& message)
{
    if (m_calls.stop(message)) {
        dropWaiting();
        finishIfDrained();
    }
}

void Runner::askAgain(const CallRequest& again, int delayMs)
{
    m_calls.hold();
    if (delayMs <= 0) {
        due(again);
        return;
    }
    auto* timer = new QTimer(this);
    timer->setSingleShot(true);
    // The backoff is a least wait: a coarse timer may fire up to 5% early.
    timer->setTimerType(Qt::PreciseTimer);
    const quint64 index = again.callIndex;
    connect(timer, &QTimer::timeout, this, [this, index] {
        const auto it = m_waiting.find(index);
        if (it == m_waiting.end())
            return;
        const CallRequest request = it->request;
        it->timer->deleteLater();
        m_waiting.erase(it);
        due(request);
    });
    m_waiting.insert(index, Waiting{again, timer});
    timer->start(delayMs);
}

void Runner::due(const CallRequest& again)
{
    switch (m_calls.state()) {
    case CallQueue::State::Running:
        m_calls.sendHeld(again);
        break;
    case CallQueue::State::Paused:
        m_due.append(again); // goes out on resume: a pause loses no cell of this session
        break;
    default: // cancelling or stopping: cutOff() says what of the cell is kept
        m_calls.release();
        unsent(again);
        finishIfDrained();
        break;
    }
}

void Runner::dropWaiting()
{
    QList<CallRequest> dropped = std::exchange(m_due, {});
    for (const Waiting& w : std::as_const(m_waiting)) {
        w.timer->stop();
        w.timer->deleteLater();
        dropped.append(w.request);
    }
    m_waiting.clear();
    for (const CallRequest& again : std::as_const(dropped)) {
        m_calls.release();
        unsent(again);
    }
}

void Runner::unsent(const CallRequest& again)
{
    CallResult result;
    result.request = again;
    result.backend = m_backend->name();
    result.finishedAt = QDateTime::currentDateTimeUtc();
    const bool cancelled = m_calls.state() == CallQueue::State::Cancelling;
    result.errorKind = cancelled ? QStringLiteral("cancelled") : QStringLiteral("stopped");
    result.error = cancelled ? QStringLiteral("the run was cancelled before it was sent")
                             : m_calls.endMessage(RunOutcome::Stopped, {}, {});
    if (std::optional<LoggedCall> row = m_handler->cutOff(result))
        record(std::move(*row));
}

void Runner::record(LoggedCall row)
{
    m_toCommit.append(std::move(row));
    if (m_toCommit.size() == 1)
        QMetaObject::invokeMethod(this, &Runner::commitRecorded, Qt::QueuedConnection);
}

void Runner::fill()
{
    m_calls.fill([this](const CallRequest& r) { m_handler->sending(r); });
}

void Runner::onCallFinished(const CallResult& result)
{
    if (m_calls.ended(result)) {
        if (std::optional<LoggedCall> row = m_handler->cutOff(result))
            record(std::move(*row));
    } else {
        const ReplyDecision d =
            m_handler->decide(result, m_calls.state() == CallQueue::State::Running ||
                                          m_calls.state() == CallQueue::State::Paused);
        switch (d.action) {
        case ReplyDecision::Action::Record:
            record(d.call);
            break;
        case ReplyDecision::Action::AskAgain:
            askAgain(d.again, m_backend->askAgainDelayMs(d.repliesSoFar));
            break;
        case ReplyDecision::Action::Leave:
            break;
        }
    }
    fill();
    finishIfDrained();
}

void Runner::commitRecorded()
{
    const QList<LoggedCall> rows = std::exchange(m_toCommit, {});
    for (const LoggedCall& row : rows) {
        QString error;
        if (!m_store->recordCall(row, &error)) {
            m_storeFailed = true;
            onFatal(error);
        } else {
            m_calls.recorded(row.status);
            m_unpublished.append(row);
        }
    }
    finishIfDrained();
}

void Runner::publish()
{
    if (!m_unpublished.isEmpty()) {
        Q_EMIT callsRecorded(std::exchange(m_unpublished, {}));
    }
    Q_EMIT progressChanged(progress());
}

void Runner::finishIfDrained()
{
    if (!m_toCommit.isEmpty()) {
        return; // the run is not over before its last answers are in the store
    }
    const std::optional<RunOutcome> outcome = m_calls.outcome();
    if (!outcome) {
        return;
    }
    const QString message = m_calls.endMessage(*outcome, m_wording.calls, m_wording.someFailed);
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

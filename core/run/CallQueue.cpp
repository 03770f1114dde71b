#include "run/CallQueue.h"

#include "backends/ModelBackend.h"
#include "store/LoggedCall.h"

namespace pb {

RunProgress CallQueue::progress() const
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

void CallQueue::start(const QList<CallRequest>& plan, const QSet<QString>& done)
{
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
}

bool CallQueue::pause()
{
    if (m_state != State::Running) {
        return false;
    }
    m_state = State::Paused;
    return true;
}

bool CallQueue::resume()
{
    if (m_state != State::Paused) {
        return false;
    }
    m_state = State::Running;
    return true;
}

bool CallQueue::cancel()
{
    if (m_state != State::Running && m_state != State::Paused) {
        return false;
    }
    m_state = State::Cancelling;
    m_pending.clear();
    m_backend->cancelAll();
    return true;
}

bool CallQueue::stop(const QString& message)
{
    if (m_state == State::Done || m_state == State::Stopping) {
        return false;
    }
    m_stopMessage = message;
    m_state = State::Stopping;
    m_pending.clear();
    m_backend->cancelAll();
    return true;
}

void CallQueue::fill(const std::function<void(const CallRequest&)>& beforeSend)
{
    while (m_state == State::Running && !m_pending.empty() &&
           m_progress.inFlight < m_backend->capacity()) {
        CallRequest r = std::move(m_pending.front());
        m_pending.pop_front();
        if (beforeSend) {
            beforeSend(r);
        }
        send(r);
    }
}

void CallQueue::send(const CallRequest& request)
{
    ++m_progress.inFlight;
    m_backend->submit(request);
}

bool CallQueue::ended(const CallResult& result)
{
    --m_progress.inFlight;
    return result.status == CallStatus::Failed &&
           (m_state == State::Cancelling || m_state == State::Stopping);
}

void CallQueue::recorded(CallStatus status)
{
    if (status == CallStatus::Ok) {
        ++m_progress.ok;
    } else {
        ++m_progress.failed;
    }
}

std::optional<RunOutcome> CallQueue::outcome() const
{
    if (m_progress.inFlight > 0 || m_held > 0) {
        return std::nullopt;
    }
    switch (m_state) {
    case State::Running:
        if (!m_pending.empty()) {
            return std::nullopt;
        }
        return m_progress.failed > 0 ? RunOutcome::Incomplete : RunOutcome::Completed;
    case State::Cancelling:
        return RunOutcome::Cancelled;
    case State::Stopping:
        return RunOutcome::Stopped;
    case State::Idle:
    case State::Paused:
    case State::Done:
        break;
    }
    return std::nullopt;
}

QString CallQueue::endMessage(RunOutcome outcome, const QString& calls,
                              const QString& whenSomeFailed) const
{
    switch (outcome) {
    case RunOutcome::Completed:
        return {};
    case RunOutcome::Incomplete:
        return whenSomeFailed.arg(m_progress.failed);
    case RunOutcome::Cancelled:
        return QStringLiteral("cancelled; %1 of %2 %3 are recorded and a rerun continues from "
                              "there")
            .arg(m_progress.done())
            .arg(m_progress.total)
            .arg(calls);
    case RunOutcome::Stopped:
        return m_stopMessage;
    }
    return {};
}

} // namespace pb

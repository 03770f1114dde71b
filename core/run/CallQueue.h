#pragma once

#include "run/CallRequest.h"
#include "run/CallResult.h"
#include "run/RunProgress.h"

#include <QElapsedTimer>
#include <QList>
#include <QSet>
#include <QString>
#include <deque>
#include <functional>
#include <optional>

namespace pb {

class ModelBackend;

// The state of one runner's session with a backend, shared by every runner: the calls still
// to send, no more in flight than the backend's capacity, the counts and the pace, and the
// rules for pausing, cancelling, stopping on a fatal problem and knowing when it is over.
// What a reply means and how it is recorded stays with the runner. Not thread-safe; lives
// on its runner's thread.
class CallQueue
{
public:
    enum class State
    {
        Idle,
        Running,
        Paused,
        Cancelling, // asked to stop; waiting for the calls in flight
        Stopping,   // a fatal problem; waiting for the calls in flight
        Done
    };

    explicit CallQueue(ModelBackend* backend) : m_backend(backend) {}

    State state() const { return m_state; }
    // The counts with the pace and the time left filled in.
    RunProgress progress() const;

    // Queues the plan's calls whose cell is not in done (counting those as resumed), starts
    // the clock and the session. Only from Idle.
    void start(const QList<CallRequest>& plan, const QSet<QString>& done);
    // Each returns whether the state changed.
    bool pause();
    bool resume();
    // Drops the queue and cancels what the backend holds; calls in flight still end.
    bool cancel();
    bool stop(const QString& message);

    // While running, sends queued calls until the backend is at capacity; beforeSend sees
    // each request just before it goes out.
    void fill(const std::function<void(const CallRequest&)>& beforeSend = {});
    // Sends one call now, past the queue and the capacity (a follow-up to a call that ended).
    void send(const CallRequest& request);
    // A follow-up waiting out a delay before send: the session is not over while one is held.
    // Each hold() ends in exactly one sendHeld() or release().
    void hold() { ++m_held; }
    void sendHeld(const CallRequest& request)
    {
        --m_held;
        send(request);
    }
    void release() { --m_held; }
    // Books the end of a call in flight. Returns true when the call was aborted by a cancel
    // or a fatal stop: such a call is no failure of its cell, so the next session calls it
    // again (it is recorded only when its handler's cutOff() keeps what the cell received).
    bool ended(const CallResult& result);
    // Counts a recorded call as answered or failed.
    void recorded(CallStatus status);

    // How the session ends, once nothing is in flight and nothing more will be sent; empty
    // before that, while paused, and after finish().
    std::optional<RunOutcome> outcome() const;
    // The sentence a session ends with: empty when every call was answered, the reason of a
    // fatal stop, what a cancel leaves ("cancelled; 12 of 480 calls are recorded ..."), or
    // whenSomeFailed with %1 the failed calls. `calls` names what was called.
    QString endMessage(RunOutcome outcome, const QString& calls,
                       const QString& whenSomeFailed) const;
    void finish() { m_state = State::Done; }

private:
    ModelBackend* m_backend;
    State m_state = State::Idle;
    std::deque<CallRequest> m_pending;
    int m_held = 0;
    RunProgress m_progress;
    QString m_stopMessage;
    QElapsedTimer m_clock;
};

} // namespace pb

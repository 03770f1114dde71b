#pragma once

#include "run/CallQueue.h"
#include "run/CallRequest.h"
#include "run/RunProgress.h"
#include "store/LoggedCall.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QTimer>

namespace pb {

class ModelBackend;
class ReplyHandler;
class RunStore;

// How a run's end is worded for what a kind calls: "calls", "judge calls".
struct RunWording
{
    QString calls = QStringLiteral("calls");
    // The end of a run in which some calls failed for good; %1 is their count.
    QString someFailed = QStringLiteral(
        "%1 calls failed after every retry; they are flagged in the log and left out of the "
        "statistics");
};

// Drives one run unit of any kind of probe: feeds the plan's calls that the store does not
// already hold to a backend, no more at once than its capacity, asks the kind's ReplyHandler
// what each reply means, and commits every recorded row to the store. Pause, resume and
// cancel keep what was answered; a cancel or a fatal stop is written to the run's events
// with the sentence the user was shown, so the evidence file says why a run is incomplete.
//
// Commits are deferred to a posted event: the backend sends the call that takes the freed
// slot first, so the store's commit overlaps that call instead of delaying it. The run is
// never reported finished before its last answers are in the store.
//
// Backend-agnostic and asynchronous; lives on one thread with its backend, store and
// handler (the CLI's main thread, or a worker thread for the window). Progress and batches
// of recorded rows are published about every 100 ms.
class Runner : public QObject
{
    Q_OBJECT
public:
    Runner(QList<CallRequest> plan, ReplyHandler* handler, RunStore* store, qint64 runId,
           ModelBackend* backend, RunWording wording = {}, QObject* parent = nullptr);

    void setPublishInterval(int ms) { m_publish.setInterval(ms); }
    RunProgress progress() const { return m_calls.progress(); }
    qint64 runId() const { return m_runId; }
    // True once the store refused to read or record (a full disk, a damaged file): the run
    // stopped because of the store, not the model.
    bool storeFailed() const { return m_storeFailed; }

public Q_SLOTS:
    void start();
    void pause();
    // False when there was nothing to resume (the run has ended, or is not paused); no
    // progress is published then.
    bool resume();
    void cancel();

Q_SIGNALS:
    void progressChanged(const pb::RunProgress& progress);
    void callsRecorded(const QList<pb::LoggedCall>& calls);
    void partialReply(quint64 callIndex, const QString& textSoFar);
    void finished(pb::RunOutcome outcome, const QString& message);

private:
    void onCallFinished(const CallResult& result);
    void onFatal(const QString& message);
    void fill();
    // Sends a follow-up after delayMs; one that comes due while paused goes out on resume; a
    // cancel or a fatal stop drops it at once, and the handler's cutOff() says what of its
    // cell is kept.
    void askAgain(const CallRequest& again, int delayMs);
    void due(const CallRequest& again);
    void dropWaiting();
    // A follow-up that will not go out: its cell may hold a reply that must not vanish.
    void unsent(const CallRequest& again);
    void record(LoggedCall row);
    void commitRecorded();
    void publish();
    void finishIfDrained();

    QList<CallRequest> m_plan;
    ReplyHandler* m_handler;
    RunStore* m_store;
    qint64 m_runId;
    ModelBackend* m_backend;
    RunWording m_wording;
    bool m_storeFailed = false;

    CallQueue m_calls;
    QList<LoggedCall> m_toCommit; // decided, waiting for the store
    QList<LoggedCall> m_unpublished;
    QTimer m_publish;
    struct Waiting
    {
        CallRequest request;
        QTimer* timer;
    };
    QHash<quint64, Waiting> m_waiting; // follow-ups waiting out their backoff, by call index
    QList<CallRequest> m_due;          // follow-ups due while paused, sent on resume
};

} // namespace pb

#pragma once

#include "run/RunAnalyzer.h"
#include "run/RunProgress.h"
#include "run/RunUnit.h"
#include "run/WorkerThread.h"
#include "store/LoggedCall.h"

#include <QList>
#include <QObject>
#include <memory>

namespace pb {

class RunSession;
class RunStore;

// Runs a kind's run units on a thread of its own (a WorkerThread): the store, the backends
// (and their network access) and the RunSession all live there, so the caller's thread (the
// GUI's) only receives value snapshots over queued signals: progress, batches of recorded
// calls and fresh RunResults at a bounded rate. The same session the CLI runs on its main
// thread, so the window and `probebench run` record and resume runs the same way.
// The destructor cancels (calls in flight end unrecorded, to be asked again) and waits.
class BackgroundRun : public QObject
{
    Q_OBJECT
public:
    explicit BackgroundRun(QObject* parent = nullptr);
    ~BackgroundRun() override;

    bool isRunning() const { return m_running; }
    // The store's run of a unit of the run in progress (or the last one), as unitStarted
    // announced it; 0 before it started or when it could not.
    qint64 runId(int unit = 0) const { return m_runIds.value(unit); }
    // Opens storePath on the worker thread and runs the units there, one after another.
    // Ignored while a run is going.
    void start(QList<RunUnit> units, std::unique_ptr<RunAnalyzer> analyzer,
               const QString& storePath, int analysisIntervalMs = 400);
    void pause();
    void resume();
    void cancel();

Q_SIGNALS:
    void unitStarted(int unit, qint64 runId, bool resumed);
    void progressChanged(int unit, const pb::RunProgress& progress);
    void callsRecorded(int unit, const QList<pb::LoggedCall>& calls);
    void partialReply(int unit, quint64 callIndex, const QString& textSoFar);
    void analysisUpdated(const pb::RunResultsPtr& results);
    void unitFinished(int unit, pb::RunOutcome outcome, const QString& message);
    // Always the last signal of a run, also when it could not start (outcome Stopped).
    void finished(pb::RunOutcome outcome, const QString& message);

private:
    struct Session; // on the worker thread only

    WorkerThread m_worker{QStringLiteral("probe-run")};
    // Owned by jobs on the worker thread; read and written there only.
    std::shared_ptr<Session> m_session;
    bool m_running = false;
    QList<qint64> m_runIds; // on the caller's thread
};

} // namespace pb

#pragma once

#include "analysis/ProbeAnalysis.h"
#include "probe/ProbeDocument.h"
#include "run/RunProgress.h"
#include "store/LoggedCall.h"

#include <QObject>
#include <QThread>

namespace pb {

class RunWorker;

// Runs a probe on a thread of its own: the store, the backend (and its network access) and
// the runner all live there, so the caller's thread (the GUI's) only receives value
// snapshots over queued signals: progress, batches of recorded calls, and a fresh analysis
// at most every analysisIntervalMs. The destructor cancels, quits and waits.
class BackgroundRun : public QObject
{
    Q_OBJECT
public:
    explicit BackgroundRun(QObject* parent = nullptr);
    ~BackgroundRun() override;

    bool isRunning() const { return m_running; }
    // Opens storePath on the worker thread, finds or creates the run for doc, and starts.
    // Ignored while a run is going.
    void start(const ProbeDocument& doc, const QString& storePath, int seedLimit = 0,
               int analysisIntervalMs = 400);
    void pause();
    void resume();
    void cancel();

Q_SIGNALS:
    void started(qint64 runId, bool resumed);
    void progressChanged(const pb::RunProgress& progress);
    void callsRecorded(const QList<pb::LoggedCall>& calls);
    void analysisUpdated(const pb::ProbeAnalysis& analysis);
    void partialReply(quint64 callIndex, const QString& textSoFar);
    // Always the last signal of a run, also when it could not start (outcome Stopped).
    void finished(pb::RunOutcome outcome, const QString& message, qint64 runId);

private:
    QThread m_thread;
    RunWorker* m_worker = nullptr;
    bool m_running = false;
};

} // namespace pb

Q_DECLARE_METATYPE(pb::ProbeAnalysis)

#pragma once

#include "judge/JudgeAnalysis.h"
#include "judge/JudgeProbeDocument.h"
#include "run/RunProgress.h"

#include <QList>
#include <QObject>
#include <QThread>

namespace pb {

class JudgeRunWorker;

// Runs the judges of a judge probe on a thread of its own, like BackgroundRun for a probe:
// the run store, each judge's backend (and its network access) and the JudgeRunner live
// there, one judge after another, each resuming its own run in the store (the same runs
// `probebench run` makes, so either can finish what the other started). The caller's thread
// receives value snapshots over queued signals: progress per judge, batches of judge calls,
// and the analysis of every judge of the probe, computed from the store on the worker thread
// at most every analysisIntervalMs and once at the end. The destructor cancels, quits and
// waits.
class BackgroundJudgeRun : public QObject
{
    Q_OBJECT
public:
    explicit BackgroundJudgeRun(QObject* parent = nullptr);
    ~BackgroundJudgeRun() override;

    bool isRunning() const { return m_running; }
    // Opens storePath (creating its folder) on the worker thread and runs the judges of doc
    // whose indexes are given, in probe order; all of them when judgeIndexes is empty. Any
    // backend/model overrides are applied to doc by the caller. Ignored while a run is going.
    void start(const JudgeProbeDocument& doc, const QString& storePath,
               const QList<int>& judgeIndexes = {}, int analysisIntervalMs = 400);
    // Stops the judge being run after its calls in flight; the judges after it do not run.
    void cancel();
    // Reads what the store holds for every judge of doc, without running anything, on the
    // worker thread; answers with storedLoaded(request, ...). A missing store is not created.
    quint64 loadStored(const JudgeProbeDocument& doc, const QString& storePath);

    // The same, synchronously, on the calling thread (for the CLI-like paths and tests).
    static JudgeAnalysis storedAnalysis(const JudgeProbeDocument& doc, const QString& storePath,
                                        int* storedCalls, QString* error);

Q_SIGNALS:
    // A judge starts (resumed: its run was in the store already).
    void started(int judgeIndex, qint64 runId, bool resumed);
    void progressChanged(int judgeIndex, const QString& judgeName, const pb::RunProgress& progress);
    // Judge calls as recorded; a resumed judge first sends the calls stored before.
    void callsRecorded(int judgeIndex, const QList<pb::JudgedCall>& calls);
    void analysisUpdated(const pb::JudgeAnalysis& analysis);
    // Always the last signal of a run, also when it could not start (outcome Stopped). The
    // outcome is the worst of the judges'; message has one line per judge that said something.
    void finished(pb::RunOutcome outcome, const QString& message);
    void storedLoaded(quint64 request, const pb::JudgeAnalysis& analysis, int storedCalls,
                      const QString& error);

private:
    QThread m_thread;
    JudgeRunWorker* m_worker = nullptr;
    bool m_running = false;
    quint64 m_lastRequest = 0;
};

} // namespace pb

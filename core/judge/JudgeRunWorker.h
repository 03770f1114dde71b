#pragma once

#include "judge/JudgeAnalysis.h"
#include "judge/JudgeProbeDocument.h"
#include "run/RunProgress.h"
#include "store/StoreLock.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <memory>

namespace pb {

class JudgeRunner;
class ModelBackend;
class RunStore;

// The part of BackgroundJudgeRun that lives on the worker thread: it runs the chosen judges
// one after another into one store. Not for use on its own.
class JudgeRunWorker : public QObject
{
    Q_OBJECT
public:
    explicit JudgeRunWorker(QObject* parent = nullptr);
    ~JudgeRunWorker() override;

    void start(const JudgeProbeDocument& doc, const QString& storePath,
               const QList<int>& judgeIndexes, int analysisIntervalMs);
    void cancel();
    void loadStored(quint64 request, const JudgeProbeDocument& doc, const QString& storePath);

    // Every judge of doc over what the open store holds for it (nothing for a judge with no
    // run there yet), each stored reply re-graded as the CLI does. Empty, with *error, when
    // the store cannot be read to the end.
    static std::optional<JudgeAnalysis> analyse(RunStore& store, const JudgeProbeDocument& doc,
                                                int* storedCalls, QString* error);

Q_SIGNALS:
    void started(int judgeIndex, qint64 runId, bool resumed);
    void progressChanged(int judgeIndex, const QString& judgeName, const pb::RunProgress& progress);
    void callsRecorded(int judgeIndex, const QList<pb::JudgedCall>& calls);
    void analysisUpdated(const pb::JudgeAnalysis& analysis);
    void finished(pb::RunOutcome outcome, const QString& message);
    void storedLoaded(quint64 request, const pb::JudgeAnalysis& analysis, int storedCalls,
                      const QString& error);

private:
    void startNext();
    void judgeFinished(RunOutcome outcome, const QString& message);
    void onCalls(int judgeIndex, const QList<JudgedCall>& calls);
    void publishAnalysis();
    void finish();
    void teardown();

    JudgeProbeDocument m_doc;
    StoreLock m_lock; // the last run's store; declared before it, so it outlives it
    std::unique_ptr<RunStore> m_store;
    std::unique_ptr<ModelBackend> m_backend;
    std::unique_ptr<JudgeRunner> m_runner;
    QList<int> m_queue; // judges still to run, by index in m_doc.judges
    int m_current = -1;
    bool m_cancelled = false;
    RunOutcome m_outcome = RunOutcome::Completed;
    QStringList m_messages;
    int m_analysisIntervalMs = 400;
    QElapsedTimer m_sinceAnalysis;
};

} // namespace pb

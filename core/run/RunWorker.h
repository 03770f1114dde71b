#pragma once

#include "analysis/ProbeAnalysis.h"
#include "probe/ProbeDocument.h"
#include "run/RunProgress.h"
#include "store/LoggedCall.h"

#include <QElapsedTimer>
#include <QObject>
#include <memory>

namespace pb {

class ModelBackend;
class ProbeRunner;
class RunStore;

// The part of BackgroundRun that lives on the worker thread. Not for use on its own.
class RunWorker : public QObject
{
    Q_OBJECT
public:
    explicit RunWorker(QObject* parent = nullptr);
    ~RunWorker() override;

public Q_SLOTS:
    void start(const pb::ProbeDocument& doc, const QString& storePath, int seedLimit,
               int analysisIntervalMs);
    void pause();
    void resume();
    void cancel();

Q_SIGNALS:
    void started(qint64 runId, bool resumed);
    void progressChanged(const pb::RunProgress& progress);
    void callsRecorded(const QList<pb::LoggedCall>& calls);
    void analysisUpdated(const pb::ProbeAnalysis& analysis);
    void partialReply(quint64 callIndex, const QString& textSoFar);
    void finished(pb::RunOutcome outcome, const QString& message, qint64 runId);

private:
    void onCalls(const QList<LoggedCall>& calls);
    void publishAnalysis();
    void teardown();

    ProbeDocument m_doc;
    std::unique_ptr<RunStore> m_store;
    std::unique_ptr<ModelBackend> m_backend;
    std::unique_ptr<ProbeRunner> m_runner;
    QList<LoggedCall> m_calls;
    qint64 m_runId = 0;
    int m_analysisIntervalMs = 400;
    QElapsedTimer m_sinceAnalysis;
    bool m_analysisDirty = false;
};

} // namespace pb

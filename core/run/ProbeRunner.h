#pragma once

#include "probe/ProbeDocument.h"
#include "run/CallQueue.h"
#include "run/CallRequest.h"
#include "run/RunProgress.h"
#include "store/LoggedCall.h"

#include <QList>
#include <QObject>
#include <QTimer>

namespace pb {

class ModelBackend;
class RunStore;

// Drives one run: feeds the plan's calls that the store does not already hold to a
// backend, no more at once than the backend's capacity, scores each reply with the probe's
// metric and commits it to the store as it arrives. Backend-agnostic and asynchronous;
// lives on one thread with its backend and store (the CLI's main thread, or the GUI's
// worker thread). Results and progress are published in batches about every 100 ms.
class ProbeRunner : public QObject
{
    Q_OBJECT
public:
    ProbeRunner(ProbeDocument doc, RunStore* store, qint64 runId, ModelBackend* backend,
                QObject* parent = nullptr);

    // Publishing interval for progress and recorded calls; the CLI may want it slower.
    void setPublishInterval(int ms) { m_publish.setInterval(ms); }
    // Limits the plan to the first n seeds (a dry run to check the wiring).
    void setSeedLimit(int n) { m_seedLimit = n; }
    RunProgress progress() const;
    // True once the store refused to record a call (a full disk, a damaged file): the run
    // stopped because of the store, not the model.
    bool storeFailed() const { return m_storeFailed; }

public Q_SLOTS:
    void start();
    void pause();
    void resume();
    void cancel();

Q_SIGNALS:
    void progressChanged(const pb::RunProgress& progress);
    void callsRecorded(const QList<pb::LoggedCall>& calls);
    void partialReply(quint64 callIndex, const QString& textSoFar);
    void finished(pb::RunOutcome outcome, const QString& message);

private:
    void onCallFinished(const CallResult& result);
    void onFatal(const QString& message);
    void publish();
    void recordFinished();
    void finishIfDrained();
    LoggedCall toLogged(const CallResult& result) const;

    ProbeDocument m_doc;
    RunStore* m_store;
    qint64 m_runId;
    ModelBackend* m_backend;
    int m_seedLimit = 0;
    bool m_storeFailed = false;

    CallQueue m_calls;
    QList<CallResult> m_toRecord; // answered, waiting for the store
    QList<LoggedCall> m_unpublished;
    QTimer m_publish;
};

} // namespace pb

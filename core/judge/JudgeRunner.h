#pragma once

#include "judge/JudgeCallRecord.h"
#include "judge/JudgeProbeDocument.h"
#include "run/CallQueue.h"
#include "run/CallRequest.h"
#include "run/RunProgress.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QTimer>

namespace pb {

class ModelBackend;
class RunStore;

// Runs one judge over a judge probe: feeds the plan's calls that the store does not already
// hold to a backend (no more at once than its capacity), reads each reply against the
// rubric's output rules, re-asks at most judge.maxRetries times with the validation errors
// fed back as a follow-up message, and records every judge call in the store as it ends:
// scored, REVIEW_NEEDED with the raw output, or failed. Never fills in a verdict. Lives on one
// thread with its backend and store; asynchronous like ProbeRunner.
class JudgeRunner : public QObject
{
    Q_OBJECT
public:
    JudgeRunner(JudgeProbeDocument doc, int judgeIndex, RunStore* store, qint64 runId,
                ModelBackend* backend, QObject* parent = nullptr);

    void setPublishInterval(int ms) { m_publish.setInterval(ms); }
    RunProgress progress() const;
    // True once the store refused to record a call: the run stopped because of the store.
    bool storeFailed() const { return m_storeFailed; }

public Q_SLOTS:
    void start();
    void cancel();

Q_SIGNALS:
    void progressChanged(const pb::RunProgress& progress);
    void callsRecorded(const QList<pb::JudgedCall>& calls);
    void finished(pb::RunOutcome outcome, const QString& message);

private:
    struct Open
    {
        CallRequest request; // the latest try's request
        QList<JudgeCallRecord::Try> tries;
    };

    void onCallFinished(const CallResult& result);
    void onFatal(const QString& message);
    void fill();
    void record(const CallResult& last, const Open& open, const JudgeVerdict& verdict);
    void publish();
    void finishIfDrained();

    JudgeProbeDocument m_doc;
    JudgeConfig m_judge;
    RunStore* m_store;
    qint64 m_runId;
    ModelBackend* m_backend;
    bool m_storeFailed = false;

    CallQueue m_calls;
    QHash<quint64, Open> m_open; // judge calls with a try in flight, by call index
    QList<JudgedCall> m_unpublished;
    QTimer m_publish;
};

} // namespace pb

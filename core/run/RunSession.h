#pragma once

#include "run/RunAnalyzer.h"
#include "run/RunProgress.h"
#include "run/RunUnit.h"
#include "store/LoggedCall.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QStringList>
#include <memory>

namespace pb {

class ModelBackend;
class ReplyHandler;
class Runner;
class RunStore;

// Runs a kind's run units one after another into one open store, the same way for the CLI
// and the window: each unit finds or creates its run (RunIdentity), resumes what the store
// holds, and runs through a Runner with the kind's ReplyHandler. A unit that cannot start
// (its backend's settings, the store) is reported and the next one runs; a cancel ends the
// session. Pause holds the current unit and the ones after it.
//
// With an analyzer, the calls of every unit (stored ones first) are fed to it as they are
// recorded, and a fresh RunResults is published at a bounded rate: at most every
// analysisInterval ms, never more often than four times the last analysis took, and only
// once the calls held grew by a twentieth since the last one, and always when a unit ends
// (after the analyzer heard of it) and at the end. So a
// long run spends its time calling, and its analysis time grows linearly with its calls.
//
// Lives on one thread with its store (the CLI's main thread, or BackgroundRun's worker).
class RunSession : public QObject
{
    Q_OBJECT
public:
    RunSession(RunStore* store, QList<RunUnit> units, std::unique_ptr<RunAnalyzer> analyzer = {},
               QObject* parent = nullptr);
    ~RunSession() override;

    // How often each unit's runner publishes progress and recorded calls.
    void setPublishInterval(int ms) { m_publishMs = ms; }
    void setAnalysisInterval(int ms) { m_analysisMs = ms; }

    int unitCount() const { return int(m_units.size()); }
    const RunUnit& unit(int index) const { return m_units.at(index); }
    // The store's run of each unit; 0 for a unit that has not started or could not.
    const QList<qint64>& runIds() const { return m_runIds; }
    // The latest results (null without an analyzer).
    RunResultsPtr results() const { return m_results; }
    // True once the store refused to read or record for any unit: the session stopped
    // because of the store (exit 1 in the CLI), not because of the model or the settings.
    bool storeFailed() const { return m_storeFailed; }

    // Checks that every unit's backend can be built from its settings, before anything is
    // sent or stored: a wrong setting is bad input, named with its unit.
    static bool checkBackends(const QList<RunUnit>& units, QString* error);

public Q_SLOTS:
    void start();
    void pause();
    void resume();
    void cancel();

Q_SIGNALS:
    void unitStarted(int unit, qint64 runId, bool resumed);
    void progressChanged(int unit, const pb::RunProgress& progress);
    // Stored calls of a resumed unit arrive first, in one batch.
    void callsRecorded(int unit, const QList<pb::LoggedCall>& calls);
    void partialReply(int unit, quint64 callIndex, const QString& textSoFar);
    void analysisUpdated(const pb::RunResultsPtr& results);
    void unitFinished(int unit, pb::RunOutcome outcome, const QString& message);
    // Always the last signal: the most severe outcome of the units, and their messages.
    void finished(pb::RunOutcome outcome, const QString& message);

private:
    void startNext();
    void startUnit(int index);
    bool readOnly(int index);
    void unitDone(int index, RunOutcome outcome, const QString& message);
    void onCalls(int index, const QList<LoggedCall>& calls);
    void publishResults();
    void teardown();
    // The last progress published, again, with the session's own paused state.
    void sayPaused();

    RunStore* m_store;
    QList<RunUnit> m_units;
    std::unique_ptr<RunAnalyzer> m_analyzer;
    QList<qint64> m_runIds;
    RunResultsPtr m_results;

    int m_next = 0;
    int m_current = -1;
    bool m_started = false;
    bool m_paused = false;
    bool m_cancelled = false;
    bool m_finished = false;
    bool m_storeFailed = false;
    RunOutcome m_outcome = RunOutcome::Completed;
    QStringList m_messages;

    std::unique_ptr<ModelBackend> m_backend;
    std::unique_ptr<ReplyHandler> m_replies;
    std::unique_ptr<Runner> m_runner;

    int m_publishMs = 100;
    int m_analysisMs = 400;
    qint64 m_lastAnalysisMs = 0;
    qsizetype m_held = 0;           // calls fed to the analyzer
    qsizetype m_heldAtAnalysis = 0; // ... when the last results were taken
    QElapsedTimer m_sinceAnalysis;
    bool m_analysisDirty = false;
    RunProgress m_lastProgress;
    int m_lastProgressUnit = 0;
};

} // namespace pb

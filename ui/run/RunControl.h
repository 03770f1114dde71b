#pragma once

#include "run/PreRegistration.h"
#include "run/RunProgress.h"

#include <QObject>
#include <QSet>

class QAction;

namespace pb {

class BackgroundRun;
class ProbeProject;

// Start, pause/resume, cancel and the dry run as actions shared by the Run page's buttons
// and the Run menu. Starts the project's document on its own store file through the
// one BackgroundRun, marks the project running (so the design goes read-only) and tells
// the project when runs changed. The actions enable themselves from the run's state; no
// run starts while the project re-scores a run (refused() says so).
class RunControl : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDryRunSeeds = PreRegistration::kDryRunSeeds;

    RunControl(ProbeProject* project, BackgroundRun* run, QObject* parent = nullptr);

    QAction* startAction() const { return m_start; }
    QAction* pauseAction() const { return m_pause; }
    QAction* cancelAction() const { return m_cancel; }
    QAction* dryRunAction() const { return m_dryRun; }
    QList<QAction*> actions() const { return {m_start, m_pause, m_cancel, m_dryRun}; }

    bool isRunning() const { return m_running; }
    bool isPaused() const { return m_paused; }
    bool isDryRun() const { return m_dry; }
    qint64 runId() const { return m_runId; }

public Q_SLOTS:
    void start();
    void dryRun();
    void togglePause();
    void cancel();

Q_SIGNALS:
    // Before anything is sent: the page clears its log.
    void starting(bool dryRun);
    // A run could not start for a reason found here (no project file).
    void refused(const QString& message);

private:
    void begin(int seedLimit);
    void updateActions();

    ProbeProject* m_project;
    BackgroundRun* m_run;
    QAction* m_start;
    QAction* m_pause;
    QAction* m_cancel;
    QAction* m_dryRun;
    bool m_running = false;
    bool m_paused = false;
    bool m_dry = false;
    bool m_notedResults = false;
    // The running document's dry-run cells: answers to them do not lock the design.
    QSet<QString> m_dryRunCells;
    qint64 m_runId = 0;
};

} // namespace pb

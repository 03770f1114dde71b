#pragma once

#include "run/RunAnalyzer.h"
#include "run/RunProgress.h"
#include "run/RunUnit.h"

#include <QList>
#include <QString>
#include <QWidget>
#include <functional>
#include <memory>

class QAction;
class QLabel;

namespace pb {

class BackgroundRun;
class NoticeBanner;
class ProbeFileProject;
class RunProgressBar;

// The run controls a Run tab of a file-based kind (a name set, a grading) shares: Start, Pause,
// Resume and Cancel as actions with their keys (Ctrl+R, F6, F7, Ctrl+.), the status line, the
// banner, the progress bar and the label naming the results store, driven by the one
// BackgroundRun into the project's store and the project's running flag. The buttons follow
// the runner's reports, not the clicks. What differs between kinds is only words (Words) and
// what the kind checks before it calls start().
class FileRunControls : public QWidget
{
    Q_OBJECT
public:
    struct Words
    {
        QString startTip;     // what Start runs, with "(Ctrl+R)"
        QString resumeTip;    // what Resume goes on with, with "(F7)"
        QString progressName; // the progress bar's accessible name
        QString counted;      // "%1 of %2 calls": done, planned
        QString kindName;     // "name set", "grading": "Save the name set first…"
        QString storeTip;     // which command uses the same store
        QString noReply;      // the Incomplete banner, ending with how to retry
        QString cancelled;    // the Cancelled banner
        QString startText = QStringLiteral("&Start"); // Start's label
    };
    // The status line for a unit's start and for a progress report, when a kind runs several
    // units and names them ("Judge 1 of 2, “a”: …"); the default counts with Words::counted.
    using StartedText = std::function<QString(int unit, qint64 runId, bool resumed)>;
    using ProgressText = std::function<QString(int unit, const RunProgress& progress)>;

    FileRunControls(ProbeFileProject* project, BackgroundRun* run, Words words,
                    QWidget* parent = nullptr);

    QAction* startAction() const { return m_start; }
    QAction* pauseAction() const { return m_pause; }
    QAction* resumeAction() const { return m_resume; }
    QAction* cancelAction() const { return m_cancel; }
    QList<QAction*> actions() const { return {m_start, m_pause, m_resume, m_cancel}; }
    NoticeBanner* banner() const { return m_banner; }
    RunProgressBar* progressBar() const { return m_progress; }
    // The results store's label, for the panel to place.
    QLabel* storeLabel() const { return m_store; }
    QString statusText() const;
    void setStatus(const QString& text);

    // A run started here is going (and whether its runner last reported a pause).
    bool isRunning() const { return m_running; }
    bool isPaused() const { return m_paused; }
    void setStatusTexts(StartedText started, ProgressText progress);

    // Whether the kind has something to run; Start is enabled when it does and nothing runs.
    void setReady(bool ready);

    // Starts units into the project's store (into storePath when one is given: a probe the
    // project makes, kept beside it); false, with why in the banner, when a run is going or
    // the project has no file yet.
    bool start(QList<RunUnit> units, std::unique_ptr<RunAnalyzer> analyzer,
               const QString& storePath = QString());

public Q_SLOTS:
    void pause();
    void resume();
    void cancel();

Q_SIGNALS:
    // Start was triggered (the kind checks its inputs, then calls start()).
    void startWanted();
    // Every runner report of the run started here, after the bar and status show it.
    void progressed(const pb::RunProgress& progress);
    // The run started here ended; the status line and banner already say how.
    void finished(pb::RunOutcome outcome, const QString& message);

private:
    void refreshEnabled();
    void refreshStore();
    void onProgress(int unit, const RunProgress& progress);
    void onFinished(RunOutcome outcome, const QString& message);

    ProbeFileProject* m_project;
    BackgroundRun* m_run;
    Words m_words;
    StartedText m_startedText;
    ProgressText m_progressText;
    bool m_ready = false;
    bool m_running = false;
    bool m_paused = false; // as the runner last reported
    QAction* m_start;
    QAction* m_pause;
    QAction* m_resume;
    QAction* m_cancel;
    NoticeBanner* m_banner;
    QLabel* m_status;
    RunProgressBar* m_progress;
    QLabel* m_store;
};

} // namespace pb

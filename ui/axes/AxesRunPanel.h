#pragma once

#include "axes/AxesDocument.h"
#include "axes/AxesStoredRuns.h"
#include "run/RunAnalyzer.h"
#include "run/RunProgress.h"

#include <QWidget>

class QAction;

namespace pb {

class AxesProject;
class BackgroundRun;
class CallLogModel;
class CallLogView;
class FileRunControls;
class NoticeBanner;

// The Run tab of a probe of several axes: Start, Pause, Resume and Cancel (FileRunControls),
// the progress over every axis's calls (the axes run one after another, each a model probe of
// its own), the status naming the axis being run, and the log of every call as it is
// recorded. The run is the one `probebench run FILE.axes.json` makes (AxesRun::units) into
// the project's store through BackgroundRun, never on the GUI thread, so either one resumes
// what the other began: an axis whose calls are all stored is not called again. The session's
// analyzer is an AxesAnalyzer, so each axis's result comes out of the run's thread as soon as
// its unit ends (resultsUpdated), the axes still to run pending.
class AxesRunPanel : public QWidget
{
    Q_OBJECT
public:
    AxesRunPanel(AxesProject* project, BackgroundRun* run, QWidget* parent = nullptr);

    FileRunControls* runControls() const { return m_controls; }
    QList<QAction*> actions() const;
    CallLogModel* logModel() const { return m_log; }
    CallLogView* logView() const { return m_logView; }
    NoticeBanner* banner() const;
    QString statusText() const;
    // How each axis's unit of the last run ended, as RunSession reported it (the CLI reads
    // its result from the same); one per axis.
    const QList<AxisRunEnd>& ends() const { return m_ends; }
    // Calls answered, failed and planned over every axis, as the bar shows them.
    int answered() const;
    int failed() const;
    int planned() const;

public Q_SLOTS:
    // Starts (or resumes from the store) every axis; false with the reason in the banner.
    bool startRun();
    void pauseRun();
    void resumeRun();
    void cancelRun();

Q_SIGNALS:
    // An axis's unit ended; ends() holds it.
    void axisFinished(int axis);
    // The session's AxesRunResults (AxesAnalyzer::resultsIn) while it is going: every axis
    // pending when it starts, then each axis's result as its unit ends.
    void resultsUpdated(const pb::RunResultsPtr& results);
    void runFinished(pb::RunOutcome outcome, const QString& message);

private:
    void refreshEnabled();
    void showPlan();
    void showOverall();

    AxesProject* m_project;
    BackgroundRun* m_run;
    AxesDocument m_runDoc; // as sent to the run in progress (or the last one)
    QList<AxisRunEnd> m_ends;
    QList<RunProgress> m_progress; // per axis, as last reported
    QList<int> m_planned;          // per axis
    CallLogModel* m_log;
    FileRunControls* m_controls;
    CallLogView* m_logView = nullptr;
};

} // namespace pb

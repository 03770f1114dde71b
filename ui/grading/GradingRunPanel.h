#pragma once

#include "grading/GradingVersions.h"
#include "run/RunProgress.h"

#include <QWidget>
#include <memory>

class QAction;
class QComboBox;
class QLabel;

namespace pb {

class BackgroundRun;
class FileRunControls;
class GradingFileProject;
class NoticeBanner;
class PriceFields;
class RunCostView;
class RunProgressBar;
class WorkerThread;

// The Run tab of a grading: which version of the rubric to grade with, Start, Pause, Resume
// and Cancel of the grading run, its progress and where its results go. The run is the one
// `probebench grade FILE.grading.json [--revision N]` makes (GradingRun::unit of the project's
// submissions, or of its calibration files for a revision) into the project's store, through
// BackgroundRun, never on the GUI thread, so either one resumes what the other started.
// "Export results folder…" writes grades.csv, grading.md, review-needed.txt and summary.json
// of the chosen version from the store on a worker thread (GradingStoredResults::exportFolder,
// the CLI's writer).
class GradingRunPanel : public QWidget
{
    Q_OBJECT
public:
    GradingRunPanel(GradingFileProject* project, BackgroundRun* run, QWidget* parent = nullptr);
    ~GradingRunPanel() override;

    // Start, Pause, Resume, Cancel, the status, the progress bar and the banner.
    FileRunControls* runControls() const { return m_controls; }
    QList<QAction*> actions() const;
    QAction* exportAction() const { return m_export; }
    NoticeBanner* banner() const;
    QString statusText() const;
    bool isExporting() const { return m_exporting; }
    // The grader's prices (kept in the project's judge settings) and the chosen version's
    // tokens and cost at them, as `probebench grade` writes them into summary.json.
    PriceFields* priceFields() const { return m_prices; }
    RunCostView* costView() const { return m_cost; }

    // What was read for each version of the project's rubric (what a run grades); a run
    // refuses to start without. The chosen version stays chosen while it exists.
    void setVersions(const GradingVersions& versions);
    void clearVersions();
    // 0: the first rubric, N: revision N. False when there is no such version.
    bool chooseVersion(int version);
    int chosenVersion() const;

public Q_SLOTS:
    bool startRun();
    void pauseRun();
    void resumeRun();
    void cancelRun();
    // Writes the results folder into folder off the GUI thread; the outcome comes in
    // exported().
    void exportTo(const QString& folder);

Q_SIGNALS:
    void runFinished(pb::RunOutcome outcome, const QString& message);
    void exported(bool ok, const QString& message);

private:
    void refreshEnabled();
    void onFinished(RunOutcome outcome);
    void chooseAndExport();
    void showChosen();
    void showCost();

    GradingFileProject* m_project;
    BackgroundRun* m_run;
    GradingVersions m_versions;
    std::shared_ptr<const GradingStoredResults> m_inputs; // the chosen version's
    std::unique_ptr<WorkerThread> m_worker;
    bool m_exporting = false;
    bool m_finishedHere = false; // a run of this file ended here: its status line stays
    FileRunControls* m_controls;
    QAction* m_export;
    QComboBox* m_version = nullptr;
    PriceFields* m_prices = nullptr;
    RunCostView* m_cost = nullptr;
    int m_wanted = 0; // the version last chosen, kept while the versions are reread
};

} // namespace pb

#pragma once

#include "judge/JudgeAnalysis.h"
#include "judge/JudgeProbeDocument.h"
#include "run/RunProgress.h"
#include "widgets/CallLogView.h"

#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QStandardItemModel;
class QTableView;

namespace pb {

class BackgroundRun;
class JudgeCallLogModel;
class JudgeProject;
class NoticeBanner;

// The Run tab of a judge probe: the judges (tick the ones to run), optional overrides of
// backend, model and endpoint for this run (as `probebench run --backend --model
// --endpoint`), Run and Cancel, the progress of the judge being run, and the live log of
// judge calls with the selected call's raw reply. The run goes through BackgroundRun
// into the project's results store, never on the GUI thread; the project is locked while it
// runs. A document that does not validate is refused with every problem named by path.
class JudgeRunPanel : public QWidget
{
    Q_OBJECT
public:
    JudgeRunPanel(JudgeProject* project, BackgroundRun* run, QWidget* parent = nullptr);

    QAction* runAction() const { return m_runAction; }
    QAction* pauseAction() const { return m_pauseAction; }
    QAction* cancelAction() const { return m_cancelAction; }
    QList<QAction*> actions() const { return {m_runAction, m_pauseAction, m_cancelAction}; }

    // Indexes (in the document) of the judges ticked to run.
    QList<int> chosenJudges() const;
    void setJudgeChosen(int judgeIndex, bool chosen);
    // Empty strings keep the probe's own setting.
    void setOverrides(const QString& backend, const QString& model, const QString& endpoint);
    // The document as the run sends it: the overrides applied to the chosen judges. False
    // and *error when an override is not usable.
    bool documentForRun(JudgeProbeDocument* doc, QString* error) const;

    JudgeCallLogModel* logModel() const { return m_log; }
    QStandardItemModel* judgeModel() const { return m_judges; }
    QTableView* logView() const { return m_logView; }
    QProgressBar* progressBar() const { return m_progress; }
    NoticeBanner* banner() const { return m_banner; }
    QString statusText() const;

public Q_SLOTS:
    // Starts the chosen judges; false (with the reason in the banner) when it cannot.
    bool startRun();
    // Pauses the run (calls in flight finish), or resumes a paused one.
    void togglePause();
    void cancelRun();

Q_SIGNALS:
    // A fresh analysis of every judge, with the document it was computed for.
    void analysisUpdated(const pb::JudgeProbeDocument& doc, const pb::JudgeAnalysis& analysis);
    void runFinished(pb::RunOutcome outcome, const QString& message);

private:
    QWidget* buildJudges();
    QWidget* buildLog();
    void refreshJudges();
    void refreshEnabled();
    void refreshStore();
    void onStarted(int judgeIndex, qint64 runId, bool resumed);
    void onProgress(int judgeIndex, const RunProgress& progress);
    void onFinished(RunOutcome outcome, const QString& message);
    void showSelectedCall();
    void refreshCounts();

    JudgeProject* m_project;
    BackgroundRun* m_run;
    JudgeProbeDocument m_runDoc;      // as sent to the run in progress (or the last one)
    QList<JudgeConfig> m_shownJudges; // as the judge table shows them
    QList<int> m_runJudges;
    bool m_running = false;
    bool m_paused = false; // as the runner last reported

    QStandardItemModel* m_judges;
    JudgeCallLogModel* m_log;
    QAction* m_runAction;
    QAction* m_pauseAction;
    QAction* m_cancelAction;
    NoticeBanner* m_banner;
    QTableView* m_judgeView = nullptr;
    QComboBox* m_backend = nullptr;
    QLineEdit* m_model = nullptr;
    QLineEdit* m_endpoint = nullptr;
    QLabel* m_store = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_counts = nullptr;
    CallLogView* m_logView = nullptr;
    QPlainTextEdit* m_detail = nullptr;
};

} // namespace pb

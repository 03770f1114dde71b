#pragma once

#include "judge/JudgeAnalysis.h"
#include "judge/JudgeProbeDocument.h"
#include "run/RunProgress.h"
#include "widgets/CallLogView.h"

#include <QWidget>

class QAction;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QStandardItemModel;
class QTableView;

namespace pb {

class BackgroundRun;
class FileRunControls;
class JudgeCallLogModel;
class JudgeProject;
class NoticeBanner;
class PriceFields;
class RunProgressBar;

// The Run tab of a judge probe: the judges (tick the ones to run), optional overrides of
// backend, model and endpoint for this run (as `probebench run --backend --model
// --endpoint`), Run and Cancel, the progress of the judge being run, and the live log of
// judge calls with the selected call's raw reply. Its run controls are FileRunControls. The run
// goes through BackgroundRun into the project's results store, never on the GUI thread; the project
// is locked while it runs. A document that does not validate is refused with every problem named by
// path.
class JudgeRunPanel : public QWidget
{
    Q_OBJECT
public:
    JudgeRunPanel(JudgeProject* project, BackgroundRun* run, QWidget* parent = nullptr);

    // Run judges, Pause, Resume, Cancel, the status, the progress bar and the banner.
    FileRunControls* runControls() const { return m_controls; }
    QList<QAction*> actions() const;

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
    // Each judge's prices (kept in its settings, where `probebench run` reads them), in the
    // probe's judge order.
    QList<PriceFields*> priceFields() const { return m_priceFields; }
    NoticeBanner* banner() const;
    QString statusText() const;

public Q_SLOTS:
    // Starts the chosen judges; false (with the reason in the banner) when it cannot.
    bool startRun();
    // Pauses the run (calls in flight finish), or resumes a paused one (Pause F6 and Resume
    // F7 are the actions).
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
    void refreshPrices();
    void refreshEnabled();
    void onFinished(RunOutcome outcome, const QString& message);
    void showSelectedCall();
    void refreshCounts();

    JudgeProject* m_project;
    BackgroundRun* m_run;
    JudgeProbeDocument m_runDoc;      // as sent to the run in progress (or the last one)
    QList<JudgeConfig> m_shownJudges; // as the judge table shows them
    QList<int> m_runJudges;

    QStandardItemModel* m_judges;
    JudgeCallLogModel* m_log;
    FileRunControls* m_controls;
    QTableView* m_judgeView = nullptr;
    QComboBox* m_backend = nullptr;
    QLineEdit* m_model = nullptr;
    QLineEdit* m_endpoint = nullptr;
    QLabel* m_counts = nullptr;
    CallLogView* m_logView = nullptr;
    QPlainTextEdit* m_detail = nullptr;
    QGroupBox* m_priceBox = nullptr;
    QStringList m_pricedJudges;        // the judges the price rows are for, in order
    QList<PriceFields*> m_priceFields; // one per judge
};

} // namespace pb

#pragma once

#include "nameset/NameSetDocument.h"
#include "run/RunAnalyzer.h"
#include "run/RunProgress.h"

#include <QWidget>

class QAction;
class QLabel;
class QPlainTextEdit;

namespace pb {

class BackgroundRun;
class CallLogModel;
class FileRunControls;
class CallLogView;
class NameSetDryRunPanel;
class NameSetProject;
class NoticeBanner;
class PriceFields;
class RunProgressBar;

// The Run tab of a name set: a dry run on one name (NameSetDryRunPanel) above Start, Pause,
// Resume and Cancel of the whole run, its progress (answered and failed out of the plan),
// the count of replies that did not validate, and the log with one row per attempt (a reply
// asked again shows each reply it got) and the selected attempt's raw reply. The run is the
// one `probebench run FILE.names.json` makes (NameSetRun::unit with NameSetAnalyzer) into the
// project's store, through BackgroundRun, never on the GUI thread. A document the reader
// refuses is refused here with every problem named by path.
class NameSetRunPanel : public QWidget
{
    Q_OBJECT
public:
    NameSetRunPanel(NameSetProject* project, BackgroundRun* run, QWidget* parent = nullptr);

    // Start, Pause, Resume, Cancel, the status, the progress bar and the banner.
    FileRunControls* runControls() const { return m_controls; }
    QList<QAction*> actions() const;

    NameSetDryRunPanel* dryRun() const { return m_dryRun; }
    PriceFields* priceFields() const { return m_prices; }
    CallLogModel* logModel() const { return m_log; }
    CallLogView* logView() const { return m_logView; }
    NoticeBanner* banner() const;
    QString statusText() const;
    // Replies that did not validate and were asked again, and calls left with none valid.
    int reaskedReplies() const { return m_reasked; }
    int invalidCalls() const { return m_invalid; }

public Q_SLOTS:
    // Starts (or resumes from the store) the run; false with the reason in the banner.
    bool startRun();
    void pauseRun();
    void resumeRun();
    void cancelRun();

Q_SIGNALS:
    // The calls the run holds so far, with the document it runs (for a live analysis).
    void resultsUpdated(const pb::NameSetDocument& doc, const pb::RunResultsPtr& results);
    void runFinished(pb::RunOutcome outcome, const QString& message);

private:
    QWidget* buildLog();
    void refreshEnabled();
    void showPlan();
    void onCalls(const QList<LoggedCall>& calls);
    void refreshCounts();
    void showSelectedAttempt();

    NameSetProject* m_project;
    BackgroundRun* m_run;
    NameSetDocument m_runDoc; // as sent to the run in progress (or the last one)
    int m_reasked = 0;
    int m_invalid = 0;

    CallLogModel* m_log;
    FileRunControls* m_controls;
    NameSetDryRunPanel* m_dryRun = nullptr;
    PriceFields* m_prices = nullptr;
    QLabel* m_counts = nullptr;
    CallLogView* m_logView = nullptr;
    QPlainTextEdit* m_detail = nullptr;
};

} // namespace pb

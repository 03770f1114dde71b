#pragma once

#include "run/RunProgress.h"
#include "widgets/CallLogView.h"

#include <QWidget>

class QAction;
class QLabel;
class QPlainTextEdit;
class QSplitter;
class QTableView;
class QTimer;

namespace pb {

class BackgroundRun;
struct LoggedCall;
class CallLogModel;
class NoticeBanner;
class PriceFields;
class ProbeProject;
class RunControl;
class RunProgressBar;
class StoredCallsLoader;

// Watching a run: the controls, a progress bar through the plan (the planned count before
// the first call, failures in red), done, failed, in flight, ETA and calls per minute, the log
// filling live (CallLogModel, a batch per insert), the selected call's full prompt and reply, a
// reply streaming in when the backend streams, and a banner that says what to do when a run stops
// short. Per batch the page does work proportional to the batch, so a fast stand-in run never
// stalls the window.
class RunPage : public QWidget
{
    Q_OBJECT
public:
    RunPage(ProbeProject* project, BackgroundRun* run, RunControl* control,
            QWidget* parent = nullptr);
    ~RunPage() override;

    CallLogModel* logModel() const { return m_log; }
    QTableView* logView() const { return m_table; }
    NoticeBanner* banner() const { return m_banner; }
    RunProgressBar* progressBar() const { return m_progress; }
    QString progressText() const;
    QString selectedPrompt() const;
    QString selectedReply() const;
    QString streamingText() const;
    PriceFields* priceFields() const { return m_prices; }
    // After a dry run: the full run's tokens (and cost) from its calls' counts, as
    // `probebench run --limit-seeds` prints it; empty otherwise.
    QString estimateText() const { return m_estimate; }
    // While held, a hidden page reads a stored run's log only once shown or let go: the
    // window holds its hidden pages while a project opens, so Results reads a large run first.
    void holdReadsWhileHidden(bool hold);

Q_SIGNALS:
    void resultsRequested();
    void designRequested();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void onStarting(bool dryRun);
    void onStarted(qint64 runId, bool resumed);
    void onProgress(const RunProgress& progress);
    void onFinished(RunOutcome outcome, const QString& message, qint64 runId);
    void onPartialReply(quint64 callIndex, const QString& text);
    void showSelected();
    void refreshSummary();
    QString dryRunEstimate();
    // Shows the stored calls of the run matching the document, when no run is going. They
    // are read off the GUI thread; a newer request or a run starting meanwhile wins.
    void loadStoredCalls();
    void showStoredCalls(qint64 runId, const QList<LoggedCall>& calls);
    void showCall(const LoggedCall& call);
    static QString duration(double seconds);

    ProbeProject* m_project;
    RunControl* m_control;
    StoredCallsLoader* m_storedCalls;
    // The selected row's call whole: a stored log holds each reply's preview only.
    StoredCallsLoader* m_selectedCall;
    qint64 m_storedRunId = 0;
    bool m_holdWhileHidden = false;
    bool m_readPending = false; // the stored log waits for the page to be shown
    CallLogModel* m_log;
    NoticeBanner* m_banner;
    PriceFields* m_prices;
    QString m_estimate;
    QLabel* m_summary;
    RunProgressBar* m_progress;
    QLabel* m_stats;
    CallLogView* m_table;
    QPlainTextEdit* m_prompt;
    QPlainTextEdit* m_reply;
    QWidget* m_streamBox;
    QLabel* m_streamLabel;
    QPlainTextEdit* m_stream;
    QSplitter* m_split;
    QSplitter* m_detailSplit;
    QTimer* m_streamTimer;
    QAction* m_showResults;
    QAction* m_openSettings;
    QAction* m_retry;
    QAction* m_continue;
    QAction* m_checkPairs;
    quint64 m_streamCall = 0;
    QString m_streamPending;
    bool m_dryRun = false;
    bool m_followTail = true;
    // The log shows calls read back from the project, not a run watched live, so it is
    // read again when the project's runs change (a re-scoring).
    bool m_showingStored = false;
    // What the statistics line said before "Reading the stored run…", put back when the run
    // turns out to have no calls.
    QString m_statsBeforeReading;
    RunProgress m_last;
};

} // namespace pb

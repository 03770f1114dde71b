#pragma once

#include "analysis/ProbeAnalysis.h"
#include "choice/ChoiceAnalysis.h"
#include "generative/GenerativeAnalysis.h"
#include "report/ReportContext.h"
#include "store/LoggedCall.h"

#include <QTimer>
#include <QWidget>
#include <optional>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;

namespace pb {

class BackgroundRun;
class ChoiceResultsView;
class DistanceResultsView;
class GenerativeResultsView;
class GapChartView;
class NoiseComparisonChartView;
class NoticeBanner;
class NullDistributionChartView;
class PerItemTableModel;
class ProbeProject;
class RunAnalysisLoader;
class RunCostView;
struct RunEvidence;

// Reads a probe's result: the per-item gaps with their spread, the null distribution that
// makes p, the same-versus-same gap beside the real one, p values naming their tests, and
// the disaggregated table. Fed live by a BackgroundRun's analyses while it runs (redrawn at
// most every 40 ms) and from the project file for a finished or opened run (picked by
// run), read through core's StoredRunReader as the CLI reads it. A banner says when the run
// shown is incomplete or has pairs that are not matched, and the table marks those items.
// Double-clicking an item, or clicking its bar, opens its replies side by side.
class ResultsPage : public QWidget
{
    Q_OBJECT
public:
    explicit ResultsPage(ProbeProject* project, BackgroundRun* run, QWidget* parent = nullptr);
    ~ResultsPage() override;

    // Shows a stored run (read and analysed off the GUI thread).
    void showRun(qint64 runId);
    // Shows an analysis from elsewhere (an imported by-hand sheet); calls may be empty.
    void showAnalysis(const ProbeAnalysis& analysis, const QList<LoggedCall>& calls,
                      const QString& source);
    std::optional<ProbeAnalysis> analysis() const { return shownAnalysis(); }
    // A choice run's result, shown in place of the numeric one (ChoiceResultsView).
    std::optional<ChoiceAnalysis> choiceAnalysis() const { return shownChoice(); }
    ChoiceResultsView* choiceView() const { return m_choiceView; }
    // A generative run's result, shown in place of the numeric one (GenerativeResultsView).
    std::optional<GenerativeAnalysis> generativeAnalysis() const { return shownGenerative(); }
    GenerativeResultsView* generativeView() const { return m_generativeView; }
    // The run shown, 0 for an analysis from elsewhere or nothing.
    qint64 shownRunId() const { return m_shownRunId; }

    // The headline and the tests' lines as shown.
    QString headlineText() const;
    QString detailText() const;

    // Writes gaps, null distribution and noise charts as <folder>/<stem>-<chart>.png and
    // .svg. Returns the files written.
    QStringList exportCharts(const QString& folder, const QString& stem, QString* error);
    // Opens the side-by-side replies of one item (non-modal); returns the dialog.
    QWidget* openItem(const QString& itemId);

    GapChartView* gapChart() const { return m_gapChart; }
    NullDistributionChartView* nullChart() const { return m_nullChart; }
    NoiseComparisonChartView* noiseChart() const { return m_noiseChart; }
    PerItemTableModel* tableModel() const { return m_model; }
    RunCostView* costView() const { return m_cost; }

Q_SIGNALS:
    // A stored run finished loading and is shown.
    void runShown(qint64 runId);

private:
    void buildActions();
    void refreshRuns();
    void onRunPicked(int index);
    void onLoaded(const RunEvidence& run);
    // What the shown run's context says is wrong with it: missing calls, unmatched pairs.
    void showNotices();
    void showCost();
    void onLiveStarted(qint64 runId);
    void onLiveAnalysis(const ProbeAnalysis& analysis);
    void onLiveFinished(qint64 runId);
    void scheduleRedraw();
    void redraw();
    // A choice or generative run's status line: the run, its calls, and whether it is live.
    void showModeStatus(const QString& calls);
    // The choice or generative view when the shown run is of that mode, else none.
    DistanceResultsView* shownDistanceView() const;
    void exportChartsInteractively();
    void openSelectedItem();

    ProbeProject* m_project;
    BackgroundRun* m_run;
    RunAnalysisLoader* m_loader = nullptr;

    QComboBox* m_runPicker = nullptr;
    QLabel* m_headline = nullptr;
    QLabel* m_detail = nullptr;
    QLabel* m_status = nullptr;
    NoticeBanner* m_banner = nullptr;
    GapChartView* m_gapChart = nullptr;
    NullDistributionChartView* m_nullChart = nullptr;
    NoiseComparisonChartView* m_noiseChart = nullptr;
    PerItemTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_sorted = nullptr;
    QTableView* m_table = nullptr;
    RunCostView* m_cost = nullptr;
    QStackedWidget* m_views = nullptr;
    ChoiceResultsView* m_choiceView = nullptr;
    QTimer m_redraw;

    const std::optional<ProbeAnalysis>& shownAnalysis() const;
    const std::optional<ChoiceAnalysis>& shownChoice() const
    {
        return m_followLive ? m_liveChoice : m_choice;
    }
    const std::optional<GenerativeAnalysis>& shownGenerative() const
    {
        return m_followLive ? m_liveGenerative : m_generative;
    }

    std::optional<ProbeAnalysis> m_analysis;
    QList<LoggedCall> m_calls; // of an analysis from elsewhere; a run's are read when needed
    std::optional<ProbeAnalysis> m_liveAnalysis;
    std::optional<ChoiceAnalysis> m_choice;
    std::optional<ChoiceAnalysis> m_liveChoice;
    std::optional<GenerativeAnalysis> m_generative;
    std::optional<GenerativeAnalysis> m_liveGenerative;
    GenerativeResultsView* m_generativeView = nullptr;
    QString m_source;
    ReportContext m_context;
    qint64 m_shownRunId = 0;
    qint64 m_liveRunId = 0;
    bool m_followLive = false;
    bool m_pickerUpdating = false;
};

} // namespace pb

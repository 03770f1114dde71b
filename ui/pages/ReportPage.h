#pragma once

#include "report/ReportDocument.h"
#include "report/RunEvidence.h"

#include <QWidget>
#include <memory>
#include <optional>

class QAction;
class QComboBox;
class QLabel;
class QTextBrowser;
class QTimer;

namespace pb {

class ProbeProject;
class RescoreDialog;
class RunAnalysisLoader;
class WorkerThread;

// The Area 4 report of a run, built by the same ReportBuilder as the CLI from the same
// StoredRunReader (a choice run's by ChoiceReport, as `probebench run` writes it), previewed
// and exported as Markdown, HTML and PDF, with the run's CSV log, or as the whole results
// folder the CLI writes (ResultsFolder, on a worker thread).
// Whenever the project's runs change (a run finished, resumed or was re-scored) the runs
// shown are read again, so the report and the exports are never an older snapshot; the
// newest run is followed until the user picks another. A second run of the same probe
// (before and after a mitigation) can be picked to compare side by side: the comparison
// section (core RunComparison) is added to the report and shown in the preview.
class ReportPage : public QWidget
{
    Q_OBJECT
public:
    explicit ReportPage(ProbeProject* project, QWidget* parent = nullptr);
    ~ReportPage() override;

    void setRun(qint64 runId);
    // 0 for no comparison.
    void setComparisonRun(qint64 runId);
    qint64 runId() const { return m_runId; }
    qint64 comparisonRunId() const { return m_comparisonId; }
    // True once the report for the chosen run(s) is built and shown.
    bool isReady() const;
    // While held, a hidden page reads its runs only once shown or let go: the window holds
    // its hidden pages while a project opens, so Results reads a large run first.
    void holdReadsWhileHidden(bool hold);

    const ReportDocument& report() const { return m_report; }
    QString previewHtml() const;

    bool exportMarkdown(const QString& path, QString* error) const;
    bool exportHtml(const QString& path, QString* error) const;
    bool exportPdf(const QString& path, QString* error) const;
    bool exportCsvLog(const QString& path, QString* error) const;
    // Writes log.csv, report.md, report.html and summary.json into folder through core's
    // ResultsFolder, as `probebench run` writes them for the same store, on a worker thread;
    // resultsFolderExported says how it went. False, with nothing started, when there is no
    // run shown or an export is going.
    bool exportResultsFolder(const QString& folder);

    // "Re-score with a corrected metric...": enabled when a run is shown and none is going.
    QAction* rescoreAction() const { return m_rescoreAction; }
    // Opens the re-scoring dialog for the shown run (window-modal, deleted on close);
    // nullptr when the action is disabled.
    RescoreDialog* openRescoreDialog();

Q_SIGNALS:
    void reportChanged();
    void resultsFolderExported(bool ok, const QString& message);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildActions();
    void refreshRuns();
    // Reads the chosen runs again once control returns to the event loop.
    void reloadSoon();
    void readChosenRuns();
    void rebuild();
    void scrollToComparison();
    void exportInteractively(const QString& kind);
    void updateRescoreAction();

    ProbeProject* m_project;
    RunAnalysisLoader* m_loader = nullptr;
    RunAnalysisLoader* m_comparisonLoader = nullptr;
    QComboBox* m_runPicker = nullptr;
    QComboBox* m_comparisonPicker = nullptr;
    QTextBrowser* m_preview = nullptr;
    QLabel* m_status = nullptr;
    QAction* m_rescoreAction = nullptr;
    QTimer* m_reload = nullptr;
    std::unique_ptr<WorkerThread> m_exporter;
    bool m_exporting = false;
    bool m_holdWhileHidden = false;
    bool m_readPending = false; // a read waits for the page to be shown

    qint64 m_runId = 0;
    qint64 m_comparisonId = 0;
    // The newest run the pickers listed: while it is the one shown, a newer run replaces it.
    qint64 m_latestId = 0;
    std::optional<RunEvidence> m_run;
    std::optional<RunEvidence> m_comparison;
    ReportDocument m_report;
    bool m_pickerUpdating = false;
};

} // namespace pb

#pragma once

#include "judge/JudgeAnalysis.h"
#include "judge/JudgeProbeDocument.h"
#include "report/ReportDocument.h"
#include "run/WorkerThread.h"

#include <QWidget>

class QAction;
class QLabel;
class QTextBrowser;
class QTimer;

namespace pb {

class RunCostView;

// The Report tab of a judge probe: the judge section of the Area 4 report (core
// JudgeReportBuilder) as the CLI writes it, previewed in a browser, and exported with the
// judge log (JudgeCsvLog) and summary.json to a chosen folder under the names `probebench
// run` uses. The report is rebuilt at most a few times a second while results stream in,
// and only while the tab is visible.
class JudgeReportPanel : public QWidget
{
    Q_OBJECT
public:
    explicit JudgeReportPanel(QWidget* parent = nullptr);

    // source: the probe file's name; storePath: its run store. The preview shows analysis as
    // it streams in; Export writes what the store holds (JudgeResultsFolder::writeStored, as
    // `probebench run` does), so the exported files equal the CLI's for the same store.
    void setResults(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis,
                    const QString& source, const QString& storePath);
    void clear();
    bool hasResults() const { return m_hasResults; }

    // Writes report.md, report.html, judge-log.csv and summary.json into folder, from the store.
    bool exportTo(const QString& folder, QString* error);
    // The same off the GUI thread (a slow or network folder must not freeze the window);
    // exportFinished tells how it went. The Export action is off meanwhile.
    void startExport(const QString& folder);
    // The report as shown now (rebuilt first if results changed since).
    const ReportDocument& report();
    // The folder the export dialog starts in: the probe's own folder, or, when there is none
    // or it is inside the app's data folder (the padding demo's copy), the user's documents
    // folder, else home. Never the process's working folder.
    void setExportFolder(const QString& probeFolder);
    QString exportFolder() const;
    QTextBrowser* preview() const { return m_preview; }
    QAction* exportAction() const { return m_export; }
    // Each judge's tokens and cost (JudgeAnalysis::cost, summary.json's "tokens").
    RunCostView* costView() const { return m_cost; }

Q_SIGNALS:
    // message: what was written where, or what went wrong.
    void exportFinished(bool ok, const QString& message);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void chooseFolder();
    void exportDone(const QString& error);
    static QString writtenText(const QString& folder);

    JudgeProbeDocument m_doc;
    JudgeAnalysis m_analysis;
    QString m_source;
    QString m_storePath;
    bool m_hasResults = false;
    bool m_stale = false;
    bool m_exporting = false;
    QString m_exportFolder;
    QString m_probeFolder;
    ReportDocument m_report;

    QTextBrowser* m_preview;
    RunCostView* m_cost;
    QLabel* m_status;
    QAction* m_export;
    QTimer* m_rebuild;
    WorkerThread m_exportWorker{QStringLiteral("judge-export")};
};

} // namespace pb

#pragma once

#include "judge/JudgeAnalysis.h"
#include "judge/JudgeProbeDocument.h"
#include "report/ReportDocument.h"
#include "widgets/ReportFolderPanel.h"

class QTimer;

namespace pb {

class JudgeProject;
class RunCostView;

// The Report tab of a judge probe: the judge section of the Area 4 report (core
// JudgeReportBuilder) as the CLI writes it, previewed with each judge's tokens and cost, and
// exported with the judge log (JudgeCsvLog) and summary.json under the names `probebench run`
// uses (Ctrl+Shift+E: Ctrl+E alone is the item editor's Edit text). The report is rebuilt at
// most a few times a second while results stream in, and only while the tab is visible;
// Export writes what the store holds (JudgeResultsFolder::writeStored), so the exported files
// equal the CLI's for the same store.
class JudgeReportPanel : public ReportFolderPanel
{
    Q_OBJECT
public:
    JudgeReportPanel(JudgeProject* project, QWidget* parent);

    // source: the probe file's name; storePath: its run store.
    void setResults(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis,
                    const QString& source, const QString& storePath);
    void clear() override;
    bool hasResults() const { return m_hasResults; }

    // The report as shown now (rebuilt first if results changed since).
    const ReportDocument& report();
    // Each judge's tokens and cost (JudgeAnalysis::cost, summary.json's "tokens").
    RunCostView* costView() const { return m_cost; }

protected:
    FolderWrite folderWrite() const override;
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void rebuild();

    JudgeProbeDocument m_doc;
    JudgeAnalysis m_analysis;
    QString m_source;
    QString m_storePath;
    bool m_hasResults = false;
    bool m_stale = false;
    ReportDocument m_report;

    RunCostView* m_cost;
    QTimer* m_rebuild;
};

} // namespace pb

#pragma once

#include "judge/JudgeAnalysis.h"
#include "judge/JudgeProbeDocument.h"
#include "project/ProbeFileWorkspace.h"

namespace pb {

class BackgroundRun;
class JudgeItemEditor;
class JudgeProject;
class JudgeReportPanel;
class JudgeResultsView;
class JudgeRunPanel;
class RubricEditor;

// The judge workbench: one judge probe (JudgeProject) as a page of the main window (the shell
// is ProbeFileWorkspace), with tabs Rubric | Items | Run | Results | Report. It only wires the
// editors, the run panel, the results view and the report to the project and to one
// BackgroundRun: editors send whole new documents to the project's undo stack, the project's
// changes go back to them, the run's analyses go to the results and the report.
class JudgeWorkspace : public ProbeFileWorkspace
{
    Q_OBJECT
public:
    enum Tab
    {
        RubricTab,
        ItemsTab,
        RunTab,
        ResultsTab,
        ReportTab
    };

    explicit JudgeWorkspace(QWidget* parent = nullptr);
    ~JudgeWorkspace() override;

    JudgeProject* project() const { return m_project; }
    BackgroundRun* backgroundRun() const { return m_run; }
    RubricEditor* rubricEditor() const { return m_rubric; }
    JudgeItemEditor* itemEditor() const { return m_items; }
    JudgeRunPanel* runPanel() const { return m_runPanel; }
    JudgeResultsView* resultsView() const { return m_results; }
    JudgeReportPanel* reportPanel() const { return m_report; }

    Tab currentTab() const { return Tab(currentTabIndex()); }
    void showTab(Tab tab) { showTabIndex(int(tab)); }

    // Shows what went wrong in the banner and returns false.
    bool openDemo(const QString& parentFolder = QString());
    // The padding demo is this kind's example; its run starts as the Run tab's Start.
    bool openExample(const QString& parentFolder = QString()) override
    {
        return openDemo(parentFolder);
    }
    bool startRun() override;
    QString documentTitle() const override;

protected:
    void reloadResults() override;
    void setEditorsReadOnly(bool readOnly) override;
    int openedTab() const override { return ItemsTab; }

private:
    void buildTabs();
    void showResults(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis);

    JudgeProject* m_project;
    BackgroundRun* m_run;
    RubricEditor* m_rubric = nullptr;
    JudgeItemEditor* m_items = nullptr;
    JudgeRunPanel* m_runPanel = nullptr;
    JudgeResultsView* m_results = nullptr;
    JudgeReportPanel* m_report = nullptr;
    // Each judge's prices as the results shown were costed at, in the probe's judge order.
    QList<std::optional<TokenPrices>> m_shownPrices;
};

} // namespace pb

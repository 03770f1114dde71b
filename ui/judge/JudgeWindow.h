#pragma once

#include "judge/JudgeAnalysis.h"
#include "judge/JudgeProbeDocument.h"
#include "project/ProbeFileWindow.h"

namespace pb {

class BackgroundRun;
class JudgeItemEditor;
class JudgeProject;
class JudgeReportPanel;
class JudgeResultsView;
class JudgeRunPanel;
class RubricEditor;

// The judge workbench: one judge probe (JudgeProject) in a window of its own (the shell is
// ProbeFileWindow), with tabs Rubric | Items | Run | Results | Report. It only wires the
// editors, the run panel, the results view and the report to the project and to one
// BackgroundRun: editors send whole new documents to the project's undo stack, the project's
// changes go back to them, the run's analyses go to the results and the report.
class JudgeWindow : public ProbeFileWindow
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

    explicit JudgeWindow(QWidget* parent = nullptr);
    ~JudgeWindow() override;

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

    // For the main window: a new top-level judge window (deleted on close) showing the file,
    // or the padding demo (run at once when run is true). It has no parent, so closing the
    // main window never discards a judge probe's unsaved edits; parent only owns the message
    // shown when opening failed (then the result is null).
    static JudgeWindow* showFile(const QString& path, QWidget* parent);
    static JudgeWindow* showDemo(QWidget* parent, bool run);
    // Asks for a .judge.json and shows it.
    static JudgeWindow* chooseAndShow(QWidget* parent);

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

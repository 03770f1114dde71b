#pragma once

#include "nameset/NameSetAnalysis.h"
#include "project/ProbeFileWorkspace.h"
#include "run/RunAnalyzer.h"

namespace pb {

class BackgroundRun;
class DecisionSchemaEditor;
class NameListEditor;
class NameSetProject;
class NameSetResultsView;
class PromptTemplateEditor;
class NameSetReportPanel;
class NameSetRunPanel;

// A name-set probe (NameSetProject) as a page of the main window (the shell is ProbeFileWorkspace),
// with tabs Names | Prompt | Run | Results | Report. The run panel runs it on one
// BackgroundRun as `probebench run` does; the analysis (NameSetAnalysis::compute, and the
// report's words) is made on a worker thread from the run's calls while it runs and from the
// store when a file is opened and when a run ends, so the report shows what the CLI writes.
//
// The editors (NameListEditor on Names; PromptTemplateEditor and DecisionSchemaEditor on
// Prompt) send whole new documents to the project's undo stack and show the project's
// document when it changes; they are read-only while a run is going. Results is a
// NameSetResultsView of the analysis the Report shows.
class NameSetWorkspace : public ProbeFileWorkspace
{
    Q_OBJECT
public:
    enum Tab
    {
        NamesTab,
        PromptTab,
        RunTab,
        ResultsTab,
        ReportTab
    };

    explicit NameSetWorkspace(QWidget* parent = nullptr);
    ~NameSetWorkspace() override;

    NameSetProject* project() const { return m_project; }
    BackgroundRun* backgroundRun() const { return m_run; }
    NameSetRunPanel* runPanel() const { return m_runPanel; }
    NameSetReportPanel* reportPanel() const { return m_report; }
    NameListEditor* namesEditor() const { return m_names; }
    PromptTemplateEditor* promptEditor() const { return m_prompt; }
    DecisionSchemaEditor* schemaEditor() const { return m_schema; }
    NameSetResultsView* resultsView() const { return m_results; }
    // The analysis shown (of the store or the run going on); shownCalls() is 0 before any.
    const NameSetAnalysis& analysis() const { return m_analysis; }
    int shownCalls() const { return m_shownCalls; }

    Tab currentTab() const { return Tab(currentTabIndex()); }
    void showTab(Tab tab) { showTabIndex(int(tab)); }

    // Opens a copy of the shipped resume-screening example (NameSetProject::newFromExample);
    // shows what went wrong in the banner and returns false.
    bool openExample(const QString& parentFolder = QString()) override;
    bool startRun() override;
    QString documentTitle() const override;

Q_SIGNALS:
    // A new analysis is shown (after a store read or during a run).
    void analysisShown();

protected:
    void reloadResults() override;
    void setEditorsReadOnly(bool readOnly) override;
    int openedTab() const override { return RunTab; }

private:
    struct Shown
    {
        NameSetAnalysis analysis;
        QString markdown;
    };
    static Shown describe(const NameSetDocument& doc, const NameSetAnalysis& analysis);
    void buildTabs();
    void analyseLive(const NameSetDocument& doc, const RunResultsPtr& results);
    void showAnalysis(const NameSetDocument& doc, const Shown& shown, int calls);
    void showDocument();

    NameSetProject* m_project;
    BackgroundRun* m_run;
    NameSetRunPanel* m_runPanel = nullptr;
    NameSetReportPanel* m_report = nullptr;
    NameListEditor* m_names = nullptr;
    PromptTemplateEditor* m_prompt = nullptr;
    DecisionSchemaEditor* m_schema = nullptr;
    NameSetResultsView* m_results = nullptr;
    NameSetAnalysis m_analysis;
    int m_shownCalls = 0;
    // Live analyses: one at a time, the latest results waiting while one is made.
    std::unique_ptr<WorkerThread> m_analyser;
    bool m_analysing = false;
    RunResultsPtr m_waiting;
    NameSetDocument m_waitingDoc;
};

} // namespace pb

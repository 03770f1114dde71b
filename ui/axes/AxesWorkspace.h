#pragma once

#include "axes/AxesAnalyzer.h"
#include "axes/AxesStoredResults.h"
#include "project/ProbeFileWorkspace.h"

namespace pb {

class AxesDesignView;
class AxesProject;
class AxesReportPanel;
class AxesResultsView;
class AxesRunPanel;
class BackgroundRun;

// A probe of several axes (AxesProject) as a page of the main window (the shell is
// ProbeFileWorkspace), with tabs Axes | Run | Results | Report. The Axes tab's edits go to the
// project's undo stack as whole documents, and the results shown follow the document. The run panel
// runs every axis on one BackgroundRun as `probebench run` does; when a file is opened and when a
// run ends, the store is read off the GUI thread (AxesStoredResults, over AxesStoredRuns, the CLI's
// reading) into the per-axis comparison the Results tab draws and the report the Report tab shows
// and exports. While a run is going, the Results tab follows the session's own analysis
// (AxesAnalyzer, on the run's thread): each axis's result as soon as its unit ends, the others
// pending, the title never complete; the Report tab waits for the run's end, when the store is
// read. After a run its axes' ends are the session's, as the CLI takes them; on opening they
// are read from the store.
class AxesWorkspace : public ProbeFileWorkspace
{
    Q_OBJECT
public:
    enum Tab
    {
        AxesTab,
        RunTab,
        ResultsTab,
        ReportTab
    };

    explicit AxesWorkspace(QWidget* parent = nullptr);
    ~AxesWorkspace() override;

    AxesProject* project() const { return m_project; }
    BackgroundRun* backgroundRun() const { return m_run; }
    AxesDesignView* designView() const { return m_design; }
    AxesRunPanel* runPanel() const { return m_runPanel; }
    AxesResultsView* resultsView() const { return m_results; }
    AxesReportPanel* reportPanel() const { return m_report; }
    // What the last store read gave (the comparison shown); shownCalls() is 0 before any.
    const AxesStoredResults& shown() const { return m_shown; }
    int shownCalls() const { return m_shown.storedCalls; }

    Tab currentTab() const { return Tab(currentTabIndex()); }
    void showTab(Tab tab) { showTabIndex(int(tab)); }

    // Opens a copy of the shipped style-and-names example (AxesProject::newFromExample);
    // shows what went wrong in the banner and returns false.
    bool openExample(const QString& parentFolder = QString()) override;
    bool startRun() override;
    QString documentTitle() const override;

Q_SIGNALS:
    // A store read was shown (after opening or after a run).
    void resultsShown();

protected:
    void reloadResults() override;
    void setEditorsReadOnly(bool readOnly) override;
    int openedTab() const override { return AxesTab; }

private:
    void buildTabs();
    // Reads the store with ends (empty: as the store holds them) and shows it.
    void readResults(const QList<AxisRunEnd>& ends);
    void showRead(const AxesStoredResults& read);
    void showLive(const RunResultsPtr& results);

    AxesProject* m_project;
    BackgroundRun* m_run;
    AxesDesignView* m_design = nullptr;
    AxesRunPanel* m_runPanel = nullptr;
    AxesResultsView* m_results = nullptr;
    AxesReportPanel* m_report = nullptr;
    AxesStoredResults m_shown;
};

} // namespace pb

#pragma once

#include "judge/JudgeAnalysis.h"
#include "judge/JudgeProbeDocument.h"

#include <QMainWindow>
#include <memory>

class QTabWidget;

namespace pb {

class BackgroundRun;
class WorkerThread;
class JudgeItemEditor;
class JudgeProject;
class JudgeReportPanel;
class JudgeResultsView;
class JudgeRunPanel;
class NoticeBanner;
class RubricEditor;

// The judge workbench: one judge probe (JudgeProject) in a window of its own, with tabs
// Rubric | Items | Run | Results | Report. It only wires the editors, the run panel, the
// results view and the report to the project and to one BackgroundRun: editors send
// whole new documents to the project's undo stack, the project's changes go back to them,
// the run's analyses go to the results and the report. Results already in the probe's store
// are read (off the GUI thread) when a probe is opened.
class JudgeWindow : public QMainWindow
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
    NoticeBanner* banner() const { return m_banner; }

    Tab currentTab() const;
    void showTab(Tab tab);

    // Each shows what went wrong in the banner and returns false.
    bool openPath(const QString& path);
    bool openDemo(const QString& parentFolder = QString());
    bool save();
    bool saveAs(const QString& path);

    // For the main window: a new top-level judge window (deleted on close) showing the file,
    // or the padding demo (run at once when run is true). It has no parent, so closing the
    // main window never discards a judge probe's unsaved edits; parent only owns the message
    // shown when opening failed (then the result is null).
    static JudgeWindow* showFile(const QString& path, QWidget* parent);
    static JudgeWindow* showDemo(QWidget* parent, bool run);
    // Asks for a .judge.json and shows it.
    static JudgeWindow* chooseAndShow(QWidget* parent);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildTabs();
    void buildMenus();
    void updateTitle();
    void updateEnabled();
    void loaded();
    void loadStoredResults();
    void showResults(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis);
    bool maybeSave();
    void chooseOpen();
    void chooseSaveAs();

    JudgeProject* m_project;
    BackgroundRun* m_run;
    NoticeBanner* m_banner = nullptr;
    QTabWidget* m_tabs = nullptr;
    RubricEditor* m_rubric = nullptr;
    JudgeItemEditor* m_items = nullptr;
    JudgeRunPanel* m_runPanel = nullptr;
    JudgeResultsView* m_results = nullptr;
    JudgeReportPanel* m_report = nullptr;
    QList<QAction*> m_fileActions; // refused while a run is going
    QAction* m_undo = nullptr;
    QAction* m_redo = nullptr;
    quint64 m_storedRequest = 0; // the stored-results load still wanted; 0 when none
    quint64 m_lastRequest = 0;
    std::unique_ptr<WorkerThread> m_reader; // reads stored results off the GUI thread
};

} // namespace pb

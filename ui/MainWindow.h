#pragma once

#include <QMainWindow>
#include <array>
#include <memory>

class QActionGroup;
class QStackedWidget;
class QToolBar;
class QUndoGroup;

namespace pb {

class BackgroundRun;
class ByHandPage;
class DesignPage;
class FilePages;
class AxesWorkspace;
class GradingWorkspace;
class JudgeWorkspace;
class MenuSection;
class NameSetWorkspace;
class NoticeBanner;
class ProbeFileWorkspace;
class PresenterWindow;
class ProbeProject;
class RecentFilesMenu;
class ReportPage;
class ResultsPage;
class RunControl;
class RunPage;
class UnsavedWork;
class WorkerThread;
class WelcomePage;

// The workbench window. Holds the one open project and the one background run and hands
// them to a page per feature, and beside them a page for each probe kept in a file of its own
// that is open (FilePages: a judge probe, a name set, a grading). It only wires pages, menus
// and shortcuts together: File Save / Save As / export / Close, Edit Undo / Redo, the Run menu
// and the View menu's tabs act on the page shown.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    enum class Page
    {
        Welcome,
        Design,
        Run,
        Results,
        Report,
        ByHand,
        // The pages of FilePages, in its Kind order; each is there only while a file is open.
        Judge,
        NameSet,
        Grading,
        Axes
    };

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    ProbeProject* project() const { return m_project; }
    BackgroundRun* backgroundRun() const { return m_run; }
    RunControl* runControl() const { return m_control; }
    WelcomePage* welcomePage() const { return m_welcome; }
    DesignPage* designPage() const { return m_design; }
    RunPage* runPage() const { return m_runPage; }
    NoticeBanner* banner() const { return m_banner; }
    PresenterWindow* presenterWindow() const { return m_presenter; }
    // The page of a file kind, or null while none is open.
    ProbeFileWorkspace* filePage(Page page) const;
    JudgeWorkspace* judgePage() const;
    NameSetWorkspace* nameSetPage() const;
    GradingWorkspace* gradingPage() const;
    AxesWorkspace* axesPage() const;

    Page currentPage() const;
    // A file kind's page is shown only while it is open.
    void showPage(Page page);

    // Opens the most recent project, or shows the Welcome page when there is none.
    void openInitial();
    // Opens a project (on Results when it has results, else Design) or a probe; an
    // untitled project left behind is asked about first (UnsavedWork). A judge probe, a name
    // set or a grading opens in its kind's page (FilePages::open) and the project stays. A
    // file that cannot be opened is explained in a dialog and what was open stays; while a
    // run is going, a file for its page is refused in the banner.
    bool openPath(const QString& path);
    // The judge padding demo, the name-set or the grading example in its page (run at once
    // when run is true). page: Judge, NameSet, Grading or Axes.
    bool openExample(Page page, bool run);
    // Closes the page shown when it is a file kind's (asking about its run and edits).
    bool closeFilePage();
    bool newFromTutorial();
    bool newEmpty();
    // replaceConfirmed: the user already agreed to replace an existing file (the save dialog
    // asks); otherwise an existing file is refused.
    bool saveAs(const QString& path, bool replaceConfirmed = false);
    bool exportProbe(const QString& path);
    void showPresenter();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildPages();
    void buildMenus();
    void buildPageActions(QMenu* view);
    void buildHelp();
    // The menus follow the page shown: its undo stack, its Run, export and tab entries.
    void pageShown();
    void filePageAdded(int kind);
    void filePageRemoved(int kind);
    void updateTitle();
    void updateEnabled();
    void projectLoaded(bool ok, const QString& error);
    // Leaves the open project (UnsavedWork) for a new one make() creates, shown on page.
    bool startProject(bool (ProbeProject::*make)(QString*), Page page);
    // Holds back (or lets go) the Run and Report pages' reads while they are hidden.
    void holdHiddenPages(bool hold);
    void chooseOpen();
    void chooseOpenJudge();
    bool chooseSaveAs();
    void chooseExport();
    ProbeFileWorkspace* shownFilePage() const;

    ProbeProject* m_project;
    BackgroundRun* m_run;
    RunControl* m_control;
    NoticeBanner* m_banner = nullptr;
    QStackedWidget* m_stack = nullptr;
    WelcomePage* m_welcome = nullptr;
    DesignPage* m_design = nullptr;
    RunPage* m_runPage = nullptr;
    ResultsPage* m_results = nullptr;
    ReportPage* m_report = nullptr;
    ByHandPage* m_byHand = nullptr;
    PresenterWindow* m_presenter = nullptr;
    RecentFilesMenu* m_recent = nullptr;
    UnsavedWork* m_unsaved = nullptr;
    // Clears untitled files earlier sessions left (UntitledFolder), off the GUI thread.
    std::unique_ptr<WorkerThread> m_housekeeping;
    QActionGroup* m_pageActions = nullptr;
    QList<QAction*> m_fileActions; // disabled while the project's run is going
    QAction* m_save = nullptr;
    QAction* m_saveAs = nullptr;
    QAction* m_close = nullptr;
    QAction* m_undo = nullptr;
    QAction* m_redo = nullptr;
    QAction* m_exportProbe = nullptr;
    QList<QAction*> m_designEdits; // the Edit menu's entries of the Design page
    QToolBar* m_pageBar = nullptr;
    FilePages* m_filePages = nullptr;
    std::array<QAction*, 4> m_filePageActions{}; // one per FilePages::Kind, in its order
    QUndoGroup* m_undoGroup = nullptr;
    // The menus' entries that come from the page shown.
    std::unique_ptr<MenuSection> m_fileSection;
    std::unique_ptr<MenuSection> m_exportSection;
    std::unique_ptr<MenuSection> m_editSection;
    std::unique_ptr<MenuSection> m_runSection;
    std::unique_ptr<MenuSection> m_tabSection;
    Page m_lastProjectPage = Page::Welcome; // shown again when a file page closes
};

} // namespace pb

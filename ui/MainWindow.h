#pragma once

#include <QMainWindow>
#include <memory>

class QActionGroup;
class QStackedWidget;

namespace pb {

class BackgroundRun;
class ByHandPage;
class DesignPage;
class NoticeBanner;
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
// them to a page per feature; it only wires pages, menus and shortcuts together.
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
        ByHand
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

    Page currentPage() const;
    void showPage(Page page);

    // Opens the most recent project, or shows the Welcome page when there is none.
    void openInitial();
    // Opens a project (on Results when it has results, else Design) or a probe; an
    // untitled project left behind is asked about first (UnsavedWork). A file that cannot
    // be opened is explained in a dialog and the open project stays.
    bool openPath(const QString& path);
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
    void updateTitle();
    void updateEnabled();
    void projectLoaded(bool ok, const QString& error);
    // Leaves the open project (UnsavedWork) for a new one make() creates, shown on page.
    bool startProject(bool (ProbeProject::*make)(QString*), Page page);
    // Holds back (or lets go) the Run and Report pages' reads while they are hidden.
    void holdHiddenPages(bool hold);
    void chooseOpen();
    bool chooseSaveAs();
    void chooseExport();

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
    QList<QAction*> m_fileActions; // disabled while a run is going
    QAction* m_undo = nullptr;
    QAction* m_redo = nullptr;
};

} // namespace pb

#pragma once

#include "run/WorkerThread.h"

#include <QPointer>
#include <QWidget>
#include <memory>

class QAction;
class QTabWidget;

namespace pb {

class NoticeBanner;
class ProbeFileProject;

// What a kind of file-based probe calls itself in the window.
struct ProbeFileWorkspaceKind
{
    QString settingsKey; // names the kind's reader thread: "judge"
    QString title;       // in the window's title and the page's name: "Judge probe"
    QString noun;        // in sentences: "judge probe"
    QString runNoun;     // "judge run"
    QString fileFilter;  // for the file dialogs: "Judge probes (*.judge.json)"
};

// A probe kept in a file of its own (a ProbeFileProject) as a page of the main window: a
// banner for what went wrong and the kind's tabs (each reached by Alt+1..N through
// tabActions(), each tab's tooltip naming its key). The main window's menus act on the page
// shown: its File menu saves it (save(), chooseSaveAs()) and shows its exportActions(), its
// Run menu shows runActions(), Edit Undo / Redo follow its project's undo stack, and its View
// menu shows tabActions(). The page asks to save unsaved edits before a file is replaced or it
// is closed (confirmClose(), also on close()), asks before closing on a run, refuses opening
// another file while a run is going, and makes its editors read-only then. Results already in
// the store are read off the GUI thread (readStored()). It may also be shown alone, as a
// window of its own, in a test.
//
// A kind's workspace builds its tabs in its constructor (addTab()), then calls finishShell();
// it keeps only its own tabs and wiring.
class ProbeFileWorkspace : public QWidget
{
    Q_OBJECT
public:
    ~ProbeFileWorkspace() override;

    ProbeFileProject* fileProject() const { return m_project; }
    const ProbeFileWorkspaceKind& kind() const { return m_kind; }
    NoticeBanner* banner() const { return m_banner; }
    QTabWidget* tabs() const { return m_tabs; }
    int currentTabIndex() const;
    void showTabIndex(int index);

    // The page's name in the window's page list: "library-padding.judge" (the file's name
    // without .json), or the kind's untitled name.
    QString pageName() const;
    // The kind's actions for the window's menus (all owned by this workspace): its own ways
    // to open something, disabled while a run is going; its exports (after Save As); its Run
    // menu; one action per tab.
    const QList<QAction*>& fileActions() const { return m_fileActions; }
    const QList<QAction*>& exportActions() const { return m_exportActions; }
    const QList<QAction*>& runActions() const { return m_runActions; }
    const QList<QAction*>& tabActions() const { return m_tabActions; }

    // Each shows what went wrong in the banner and returns false. openPath refuses while a
    // run is going.
    bool openPath(const QString& path);
    bool save();
    bool saveAs(const QString& path);
    // The document's own title, for the recent files; the file's name unless the kind says.
    virtual QString documentTitle() const;
    // Opens a copy of the kind's shipped example (in parentFolder, else the app's data
    // folder); false, with why in the banner, when it cannot, or when the kind has none.
    virtual bool openExample(const QString& parentFolder = QString());
    // Starts the kind's run as its Run tab's Start does; false when refused (the Run tab
    // says why) or when the kind has no run to start from here.
    virtual bool startRun() { return false; }
    // Asks for a file name and saves there; false when cancelled or refused.
    bool chooseSaveAs();
    // Asks before stopping a run that is going and before losing unsaved edits; false when
    // the user cancelled.
    bool confirmClose();
    // Asks to save unsaved edits; false when the user cancelled.
    bool maybeSave();

Q_SIGNALS:
    // windowTitle() or isWindowModified() changed (the file, its name or its dirty state).
    void titleChanged();

protected:
    // project: owned by the workspace (made its child), deleted after the tabs.
    ProbeFileWorkspace(ProbeFileProject* project, ProbeFileWorkspaceKind kind, QWidget* parent);

    void addTab(QWidget* page, const QString& title, const QString& tip);
    // Takes the kind's actions for the window's menus and shows the title. fileActions: the
    // kind's own ways to open something, refused while running like Open; exportActions
    // follow Save As; runActions make the Run menu.
    void finishShell(const QList<QAction*>& fileActions, const QList<QAction*>& exportActions,
                     const QList<QAction*>& runActions);
    // For the kind's destructor, before it deletes its run: deletes the tabs, which hold the
    // project and the run.
    void closeShell();

    // After a file was opened (or made from an example): the banner shows its warnings, then
    // the kind clears its results and reads the stored ones.
    void opened();
    // Shows what went wrong in the banner.
    void showError(const QString& message);
    // The kind clears what it shows of results and reads what the store holds (readStored()).
    virtual void reloadResults() = 0;
    // Editors are read-only while a run is going.
    virtual void setEditorsReadOnly(bool readOnly) = 0;
    // After Save As gave the project a new file, before the results there are read: what the
    // kind keeps in files beside the project follows it.
    virtual void fileMoved() {}
    // The tab shown after a file is opened.
    virtual int openedTab() const { return 0; }

    // Runs work() (which opens its own connection to the store) on the workspace's reader
    // thread and hands the result to done() on the GUI thread, unless another read was asked
    // for, another file opened or a run started meanwhile.
    template <class Work, class Done> void readStored(Work work, Done done)
    {
        const quint64 request = ++m_lastRequest;
        m_storedRequest = request;
        m_reader->post(std::move(work),
                       [this, request, done = std::move(done)](auto result) mutable {
                           if (request != m_storedRequest || isProjectRunning())
                               return; // stale: another probe opened, or a run took over
                           m_storedRequest = 0;
                           done(std::move(result));
                       });
    }

    // Shown alone (in a test), closing asks as the window does.
    void closeEvent(QCloseEvent* event) override;

private:
    bool isProjectRunning() const;
    void updateTitle();
    void updateEnabled();

    ProbeFileProject* m_project;
    ProbeFileWorkspaceKind m_kind;
    NoticeBanner* m_banner = nullptr;
    QTabWidget* m_tabs = nullptr;
    QList<QAction*> m_fileActions; // refused while a run is going
    QList<QAction*> m_exportActions;
    QList<QAction*> m_runActions;
    QList<QAction*> m_tabActions;
    bool m_shellClosed = false;
    quint64 m_storedRequest = 0; // the stored-results read still wanted; 0 when none
    quint64 m_lastRequest = 0;
    std::unique_ptr<WorkerThread> m_reader; // reads stored results off the GUI thread
};

} // namespace pb

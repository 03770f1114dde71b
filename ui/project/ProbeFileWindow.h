#pragma once

#include "run/WorkerThread.h"

#include <QMainWindow>
#include <QPointer>
#include <memory>

class QTabWidget;

namespace pb {

class NoticeBanner;
class ProbeFileProject;

// What a kind of file-based probe calls itself in its window.
struct ProbeFileWindowKind
{
    QString settingsKey; // QSettings group for geometry and tab: "judgeWindow"
    QString title;       // in the window's title: "Judge probe"
    QString noun;        // in sentences: "judge probe"
    QString runNoun;     // "judge run"
    QString fileFilter;  // for the file dialogs: "Judge probes (*.judge.json)"
};

// The window of a probe kept in a file of its own (a ProbeFileProject): a banner for what
// went wrong, the kind's tabs (Ctrl+1..N in the View menu, each tab's tooltip naming its key),
// File Open / Save / Save As / the kind's export actions / Close, Edit Undo / Redo, the kind's
// Run menu, View (tabs, theme) and Help. It asks to save unsaved edits before a file is
// replaced or the window closes, asks before closing on a run, refuses opening another file
// and undo / redo while a run is going, and keeps its geometry and last tab per kind. Results
// already in the store are read off the GUI thread (readStored()).
//
// A kind's window builds its tabs in its constructor (addTab()), then calls finishShell();
// it keeps only its own tabs and wiring.
class ProbeFileWindow : public QMainWindow
{
    Q_OBJECT
public:
    ~ProbeFileWindow() override;

    ProbeFileProject* fileProject() const { return m_project; }
    NoticeBanner* banner() const { return m_banner; }
    QTabWidget* tabs() const { return m_tabs; }
    int currentTabIndex() const;
    void showTabIndex(int index);

    // Each shows what went wrong in the banner and returns false.
    bool openPath(const QString& path);
    bool save();
    bool saveAs(const QString& path);

protected:
    // project: owned by the window (made its child), deleted after the tabs.
    ProbeFileWindow(ProbeFileProject* project, ProbeFileWindowKind kind, QWidget* parent);

    void addTab(QWidget* page, const QString& title, const QString& tip);
    // Builds the menus and restores the kind's geometry. fileActions: the kind's own ways to
    // open something (a demo), refused while running like Open; exportActions follow Save As;
    // runActions make the Run menu.
    void finishShell(const QList<QAction*>& fileActions, const QList<QAction*>& exportActions,
                     const QList<QAction*>& runActions);
    // For the kind's destructor, before it deletes its run: saves geometry and tab, then
    // deletes the tabs, which hold the project and the run.
    void closeShell();

    // After a file was opened (or made from an example): the banner shows its warnings, then
    // the kind clears its results and reads the stored ones.
    void opened();
    // Shows what went wrong in the banner.
    void showError(const QString& message);
    // Asks to save unsaved edits; false when the user cancelled.
    bool maybeSave();

    // The kind clears what it shows of results and reads what the store holds (readStored()).
    virtual void reloadResults() = 0;
    // Editors are read-only while a run is going.
    virtual void setEditorsReadOnly(bool readOnly) = 0;
    // After Save As gave the project a new file, before the results there are read: what the
    // kind keeps in files beside the project follows it.
    virtual void fileMoved() {}
    // The tab shown after a file is opened.
    virtual int openedTab() const { return 0; }

    // Runs work() (which opens its own connection to the store) on the window's reader thread
    // and hands the result to done() on the GUI thread, unless another read was asked for,
    // another file opened or a run started meanwhile.
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

    // For a kind's static show functions: makes window (new, no parent, deleted on close)
    // show when opened is true; otherwise tells parent what the banner says, deletes the
    // window and returns false.
    static bool showOrRefuse(ProbeFileWindow* window, QWidget* parent, const QString& title,
                             bool opened);
    // Asks for a file of the kind with filter; empty when the user cancelled.
    static QString chooseFile(QWidget* parent, const QString& title, const QString& filter);

    void closeEvent(QCloseEvent* event) override;

private:
    bool isProjectRunning() const;
    void updateTitle();
    void updateEnabled();
    void chooseOpen();
    void chooseSaveAs();

    ProbeFileProject* m_project;
    ProbeFileWindowKind m_kind;
    NoticeBanner* m_banner = nullptr;
    QTabWidget* m_tabs = nullptr;
    QList<QAction*> m_fileActions; // refused while a run is going
    QAction* m_undo = nullptr;
    QAction* m_redo = nullptr;
    bool m_shellClosed = false;
    quint64 m_storedRequest = 0; // the stored-results read still wanted; 0 when none
    quint64 m_lastRequest = 0;
    std::unique_ptr<WorkerThread> m_reader; // reads stored results off the GUI thread
};

} // namespace pb

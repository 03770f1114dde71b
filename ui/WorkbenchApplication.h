#pragma once

#include <QStringList>
#include <memory>

class QApplication;

namespace pb {

class MainWindow;

// The workbench as one launch runs it: the QApplication with the platform's own style and
// the system palette, and the one main window.
class WorkbenchApplication
{
public:
    // Creates the QApplication; argc and argv must outlive this object.
    WorkbenchApplication(int& argc, char** argv);
    ~WorkbenchApplication();

    // The command line without the program name and Qt's own options (-platform, -style).
    QStringList fileArguments() const;
    // Shows the main window with files opened in it (with none, the most recent project)
    // and runs the event loop. Returns the process exit code.
    int exec(const QStringList& files);
    // Opens files a later launch handed over, in the window already shown.
    void openFiles(const QStringList& files);

    // What both do: every file in turn in the main window (MainWindow::openPath: a judge
    // probe, a name set or a grading in its page), which is then raised. A file that cannot
    // be opened is named; while a run is going the project it would replace is never replaced.
    static void openIn(MainWindow* window, const QStringList& files);

private:
    std::unique_ptr<QApplication> m_app; // outlives the window
    std::unique_ptr<MainWindow> m_window;
};

} // namespace pb

#include "WorkbenchApplication.h"

#include "MainWindow.h"
#include "widgets/ThemeChoice.h"

#include <QApplication>
#include <QIcon>

// Q_INIT_RESOURCE declares the resource initialiser where it is used, so it must be
// used outside any namespace.
static void initWorkbenchResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace pb {

WorkbenchApplication::WorkbenchApplication(int& argc, char** argv)
    : m_app(std::make_unique<QApplication>(argc, argv))
{
    QApplication::setApplicationName(QStringLiteral("Probe Workbench"));
    QApplication::setOrganizationName(QStringLiteral("probebench"));
    QApplication::setApplicationVersion(QStringLiteral(PB_VERSION));
    // The desktop entry's name: Wayland compositors match the window to its entry by it.
    const QString appId = QStringLiteral("io.github.probebench.ProbeWorkbench");
    QGuiApplication::setDesktopFileName(appId);
    initWorkbenchResources();
    // The installed icon theme's copy when there is one, else the one built in.
    QApplication::setWindowIcon(
        QIcon::fromTheme(appId, QIcon(QStringLiteral(":/desktop/%1.svg").arg(appId))));
    // The platform's own style and the system palette (light or dark) apply unless View >
    // Theme chose Light or Dark; every colour drawn is derived from the palette (ThemeColours).
    ThemeChoice::applySaved();
}

WorkbenchApplication::~WorkbenchApplication() = default;

QStringList WorkbenchApplication::fileArguments() const
{
    return QCoreApplication::arguments().mid(1);
}

int WorkbenchApplication::exec(const QStringList& files)
{
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    if (files.isEmpty()) {
        m_window->openInitial();
    } else {
        m_window->showPage(MainWindow::Page::Welcome);
        openIn(m_window.get(), files);
    }
    const int code = QApplication::exec();
    m_window.reset();
    return code;
}

void WorkbenchApplication::openFiles(const QStringList& files)
{
    if (m_window) {
        openIn(m_window.get(), files);
    }
}

void WorkbenchApplication::openIn(MainWindow* window, const QStringList& files)
{
    // Every kind opens in the one window (a judge probe, a name set or a grading in its page);
    // a file refused while a run is going is named in the banner of the page it was for.
    for (const QString& file : files)
        window->openPath(file);
    window->show();
    window->raise();
    window->activateWindow();
}

} // namespace pb

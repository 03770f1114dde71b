#include "WorkbenchApplication.h"

#include "MainWindow.h"
#include "axes/AxesDocument.h"
#include "judge/JudgeProbeReader.h"
#include "probe/FileFormat.h"
#include "project/ProbeProject.h"
#include "widgets/NoticeBanner.h"
#include "widgets/ThemeChoice.h"

#include <QApplication>
#include <QDir>
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
    // A judge probe, a name set, a grading or a probe of several axes comes up in a window of its
    // own: raising the main window over it would hide what was asked for.
    bool raiseMain = files.isEmpty();
    for (const QString& file : files) {
        const QString kind = FileFormat::kindOfFile(file);
        if (kind == QLatin1String("judge-probe") || kind == QLatin1String("name-set") ||
            kind == QLatin1String("grading") || kind == QLatin1String(AxesDocument::kKind)) {
            window->openPath(file);
            continue;
        }
        raiseMain = true;
        if (window->project()->isRunning()) {
            window->banner()->showMessage(
                NoticeBanner::Tone::Warning,
                QApplication::translate("WorkbenchApplication",
                                        "A run is going: %1 was not opened. Open it once the "
                                        "run has finished or been stopped.")
                    .arg(QDir::toNativeSeparators(file)));
            continue;
        }
        window->openPath(file);
    }
    window->show();
    if (raiseMain) {
        window->raise();
        window->activateWindow();
    }
}

} // namespace pb

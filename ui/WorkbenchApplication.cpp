#include "WorkbenchApplication.h"

#include "MainWindow.h"

#include <QApplication>

// Q_INIT_RESOURCE declares the resource initialiser where it is used, so it must be
// used outside any namespace.
static void initWorkbenchResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace pb {

int runWorkbench(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Probe Workbench"));
    QApplication::setOrganizationName(QStringLiteral("probebench"));
    QApplication::setApplicationVersion(QStringLiteral(PB_VERSION));
    initWorkbenchResources();
    // No setStyle/setPalette: the platform's own style and the system palette (light or
    // dark) apply, and every colour drawn here is derived from that palette (Tint).
    MainWindow window;
    window.show();
    window.openInitial();
    return QApplication::exec();
}

} // namespace pb

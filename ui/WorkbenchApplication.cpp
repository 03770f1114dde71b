#include "WorkbenchApplication.h"

#include <QApplication>
#include <QLabel>

namespace pb {

int runWorkbench(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Probe Workbench"));
    QApplication::setOrganizationName(QStringLiteral("probebench"));
    QLabel placeholder(QStringLiteral("Probe Workbench"));
    placeholder.show();
    return QApplication::exec();
}

} // namespace pb

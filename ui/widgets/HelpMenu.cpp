#include "widgets/HelpMenu.h"

#include "widgets/ProbePrimer.h"
#include "widgets/ShortcutAction.h"

#include <QAction>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>

namespace pb {

QMenu* HelpMenu::addTo(QMainWindow* window, const std::function<void(QMenu*)>& ownEntries)
{
    QMenu* help = window->menuBar()->addMenu(QMainWindow::tr("&Help"));
    ShortcutAction::inMenu(
        help, QMainWindow::tr("&How a probe works"), {QKeySequence(Qt::Key_F1)}, window, [window] {
            QMessageBox::information(window, QMainWindow::tr("How a probe works"),
                                     ProbePrimer::howItWorks());
        });
    if (ownEntries) {
        ownEntries(help);
    }
    ShortcutAction::inMenu(help, QMainWindow::tr("&About Probe Workbench"),
                           {QKeySequence(Qt::SHIFT | Qt::Key_F1)}, window, [window] {
                               QMessageBox::about(window, QMainWindow::tr("About Probe Workbench"),
                                                  ProbePrimer::about());
                           });
    return help;
}

} // namespace pb

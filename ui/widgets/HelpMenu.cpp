#include "widgets/HelpMenu.h"

#include "widgets/ProbePrimer.h"
#include "widgets/ShortcutAction.h"
#include "widgets/ShortcutsDialog.h"

#include <QAction>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>

namespace pb {

QMenu* HelpMenu::addTo(QMainWindow* window, const std::function<void(QMenu*)>& ownEntries)
{
    QMenu* help = window->menuBar()->addMenu(tr("&Help"));
    ShortcutAction::inMenu(
        help, tr("&How a probe works"), {QKeySequence(Qt::Key_F1)}, window, [window] {
            QMessageBox::information(window, tr("How a probe works"), ProbePrimer::howItWorks());
        });
    ShortcutAction::inMenu(help, tr("&Keyboard shortcuts"),
                           {QKeySequence(Qt::CTRL | Qt::Key_Slash)}, window, [window] {
                               ShortcutsDialog dialog(window);
                               dialog.exec();
                           });
    if (ownEntries) {
        ownEntries(help);
    }
    ShortcutAction::inMenu(help, tr("&About Probe Workbench"),
                           {QKeySequence(Qt::SHIFT | Qt::Key_F1)}, window, [window] {
                               QMessageBox::about(window, tr("About Probe Workbench"),
                                                  ProbePrimer::about());
                           });
    return help;
}

} // namespace pb

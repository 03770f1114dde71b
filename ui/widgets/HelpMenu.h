#pragma once

#include <QCoreApplication>
#include <functional>

class QMainWindow;
class QMenu;

namespace pb {

// The Help menu every workbench window has: how a probe works (F1), the window's keyboard
// shortcuts (Ctrl+/, read from its actions) and About (Shift+F1),
// with the window's own entries between them (the main window adds the judge padding demo
// and the name-set and grading examples).
class HelpMenu
{
    Q_DECLARE_TR_FUNCTIONS(HelpMenu)

public:
    static QMenu* addTo(QMainWindow* window, const std::function<void(QMenu*)>& ownEntries = {});
};

} // namespace pb

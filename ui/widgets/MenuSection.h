#pragma once

#include <QList>
#include <QPointer>

class QAction;
class QMenu;

namespace pb {

// A run of entries in a menu that the page shown supplies: setActions() takes out the ones
// the page before put in and puts this page's in their place. An action out of every menu
// (and on a page not shown) answers no key, so pages may share keys.
class MenuSection
{
public:
    // The section starts where menu ends now; entries added to menu later go after it.
    explicit MenuSection(QMenu* menu);

    void setActions(const QList<QAction*>& actions);

private:
    QMenu* m_menu;
    QAction* m_end; // an invisible separator that marks where the section ends
    QList<QPointer<QAction>> m_shown;
};

} // namespace pb

#include "widgets/MenuSection.h"

#include <QAction>
#include <QMenu>

namespace pb {

MenuSection::MenuSection(QMenu* menu) : m_menu(menu), m_end(menu->addSeparator())
{
    m_end->setVisible(false);
}

void MenuSection::setActions(const QList<QAction*>& actions)
{
    for (const QPointer<QAction>& a : std::as_const(m_shown)) {
        if (a) // an action deleted with its page has left the menu already
            m_menu->removeAction(a);
    }
    m_shown.clear();
    m_menu->insertActions(m_end, actions);
    for (QAction* a : actions)
        m_shown << a;
}

} // namespace pb

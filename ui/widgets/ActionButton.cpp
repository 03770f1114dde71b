#include "widgets/ActionButton.h"

#include <QAction>
#include <QToolButton>

namespace pb::ActionButton {

QToolButton* forAction(QAction* action, QWidget* parent)
{
    auto* b = new QToolButton(parent);
    b->setDefaultAction(action);
    b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    b->setAccessibleName(action->text().remove(QLatin1Char('&')).remove(QChar(0x2026)));
    b->setMinimumWidth(90);
    return b;
}

} // namespace pb::ActionButton

#include "widgets/ShortcutAction.h"

#include <QAction>
#include <QMenu>
#include <QToolBar>
#include <QWidget>

namespace pb {

QAction* ShortcutAction::forWidget(QWidget* owner, const QString& text, const QKeySequence& key,
                                   const QString& tip, const std::function<void()>& slot,
                                   QToolBar* toolbar)
{
    auto* a = new QAction(text, owner);
    a->setShortcut(key);
    a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    a->setToolTip(tipWithKey(tip, key));
    if (slot)
        QObject::connect(a, &QAction::triggered, owner, slot);
    owner->addAction(a);
    if (toolbar)
        toolbar->addAction(a);
    return a;
}

QAction* ShortcutAction::inMenu(QMenu* menu, const QString& text, const QList<QKeySequence>& keys,
                                const QObject* context, const std::function<void()>& slot)
{
    QAction* a = menu->addAction(text);
    a->setShortcuts(keys);
    QObject::connect(a, &QAction::triggered, context, slot);
    return a;
}

QString ShortcutAction::tipWithKey(const QString& tip, const QKeySequence& key)
{
    return QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText));
}

} // namespace pb

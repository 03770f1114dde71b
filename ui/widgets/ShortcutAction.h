#pragma once

#include <QKeySequence>
#include <QList>
#include <QString>
#include <functional>

class QAction;
class QMenu;
class QObject;
class QToolBar;
class QWidget;

namespace pb {

// Actions reached by a keyboard shortcut, made the same way wherever they appear.
class ShortcutAction
{
public:
    // An action of an editor widget: owned by and added to owner, its key live only while
    // the focus is inside owner (so two editors in one window may share a key), its tooltip
    // "tip (key)". Added to toolbar too when one is given; slot runs on triggered.
    static QAction* forWidget(QWidget* owner, const QString& text, const QKeySequence& key,
                              const QString& tip, const std::function<void()>& slot,
                              QToolBar* toolbar = nullptr);
    // An action added to menu, its keys live anywhere in the menu's window; slot runs on
    // triggered for as long as context lives.
    static QAction* inMenu(QMenu* menu, const QString& text, const QList<QKeySequence>& keys,
                           const QObject* context, const std::function<void()>& slot);
    // "tip (key)", the key as the platform writes it.
    static QString tipWithKey(const QString& tip, const QKeySequence& key);
};

} // namespace pb

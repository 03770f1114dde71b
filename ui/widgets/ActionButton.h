#pragma once

class QAction;
class QToolButton;
class QWidget;

namespace pb {

// The button every run panel shows for one of its actions (Start, Pause, ...): text only, at
// least 90 px wide, named for a screen reader by the action's text without its mnemonic '&'
// or a trailing ellipsis.
namespace ActionButton {

QToolButton* forAction(QAction* action, QWidget* parent);

} // namespace ActionButton

} // namespace pb

#pragma once

#include <QDialog>

class QTableView;

namespace pb {

class ShortcutListModel;

// Help > Keyboard shortcuts: the window's keys in a table (ShortcutListModel), read from the
// window's actions when the dialog opens.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ShortcutsDialog(QWidget* window);

    ShortcutListModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }

private:
    ShortcutListModel* m_model;
    QTableView* m_table;
};

} // namespace pb

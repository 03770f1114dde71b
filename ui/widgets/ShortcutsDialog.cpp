#include "widgets/ShortcutsDialog.h"

#include "widgets/ShortcutListModel.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace pb {

ShortcutsDialog::ShortcutsDialog(QWidget* window)
    : QDialog(window), m_model(new ShortcutListModel(window, this)), m_table(new QTableView(this))
{
    setWindowTitle(tr("Keyboard shortcuts"));
    setAccessibleName(tr("Keyboard shortcuts"));
    auto* intro = new QLabel(
        tr("Every menu is also reached with Alt and its underlined letter; Tab moves between "
           "controls. Keys listed under a control work while the focus is in it."),
        this);
    intro->setWordWrap(true);
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Keyboard shortcuts"));
    m_table->setToolTip(tr("The commands of this window that have a key, and where they are."));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->resizeColumnsToContents();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* close = buttons->button(QDialogButtonBox::Close);
    close->setAccessibleName(tr("Close"));
    close->setToolTip(tr("Close this list (Esc)."));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(640, 560);
}

} // namespace pb

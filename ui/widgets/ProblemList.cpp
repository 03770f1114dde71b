#include "widgets/ProblemList.h"

#include <QLabel>
#include <QListView>
#include <QStandardItemModel>
#include <QStyle>
#include <QVBoxLayout>

namespace pb {

ProblemList::ProblemList(const QString& accessibleName, const QString& toolTip,
                         const QString& noneText, int maximumListHeight, QWidget* parent)
    : QWidget(parent), m_noneText(noneText), m_title(new QLabel(this)), m_view(new QListView(this)),
      m_model(new QStandardItemModel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    m_view->setModel(m_model);
    m_view->setAccessibleName(accessibleName);
    m_view->setToolTip(toolTip);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setWordWrap(true);
    m_view->setResizeMode(QListView::Adjust);
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_view->setMaximumHeight(maximumListHeight);
    m_title->setBuddy(m_view);
    connect(m_view, &QListView::activated, this,
            [this](const QModelIndex& index) { Q_EMIT chosen(index.row()); });
    connect(m_view, &QListView::clicked, this,
            [this](const QModelIndex& index) { Q_EMIT chosen(index.row()); });
    layout->addWidget(m_view);
    setEntries({});
}

void ProblemList::setEntries(const QList<Entry>& entries)
{
    m_model->clear();
    for (const Entry& e : entries) {
        auto* row = new QStandardItem(e.text);
        row->setIcon(style()->standardIcon(e.problem.isError() ? QStyle::SP_MessageBoxCritical
                                                               : QStyle::SP_MessageBoxWarning));
        row->setToolTip(e.toolTip.isEmpty() ? e.text : e.toolTip);
        m_model->appendRow(row);
    }
    m_title->setText(entries.isEmpty() ? m_noneText : tr("Pro&blems (%1):").arg(entries.size()));
    m_view->setVisible(!entries.isEmpty());
}

} // namespace pb

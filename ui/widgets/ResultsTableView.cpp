#include "widgets/ResultsTableView.h"

#include <QHeaderView>
#include <QTableView>

namespace pb::ResultsTableView {

void configure(QTableView* table, QAbstractItemModel* sorted, const QString& accessibleName)
{
    table->setModel(sorted);
    table->setAccessibleName(accessibleName);
    table->setSortingEnabled(true);
    table->sortByColumn(-1, Qt::AscendingOrder);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setResizeContentsPrecision(64);
}

} // namespace pb::ResultsTableView

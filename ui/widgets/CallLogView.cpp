#include "widgets/CallLogView.h"

#include <QHeaderView>

namespace pb {

CallLogView::CallLogView(QWidget* parent) : QTableView(parent)
{
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setWordWrap(false);
    setAlternatingRowColors(true);
    // Fixed row heights: with ResizeToContents every insert would measure every row.
    verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    verticalHeader()->hide();
}

void CallLogView::setColumnDigits(int column, int digits)
{
    horizontalHeader()->resizeSection(column,
                                      fontMetrics().horizontalAdvance(QLatin1Char('0')) * digits);
}

} // namespace pb

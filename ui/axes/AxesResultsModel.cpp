#include "axes/AxesResultsModel.h"

#include "axes/AxesReport.h"

#include <QFont>

namespace pb {

AxesResultsModel::AxesResultsModel(QObject* parent) : QAbstractTableModel(parent)
{
    m_headers = AxesReport::tableHeaders(m_comparison);
}

void AxesResultsModel::setComparison(const AxesComparison& comparison)
{
    beginResetModel();
    m_comparison = comparison;
    m_rows.clear();
    for (const AxisComparison& a : comparison.axes)
        m_rows << AxesReport::rowTexts(a);
    m_headers = AxesReport::tableHeaders(comparison);
    endResetModel();
}

void AxesResultsModel::clear()
{
    setComparison(AxesComparison());
}

int AxesResultsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AxesResultsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AxesResultsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= ColumnCount)
        return {};
    const AxisComparison& a = m_comparison.axes.at(index.row());
    const bool worst = index.row() == m_comparison.worst;
    switch (role) {
    case Qt::DisplayRole:
        return m_rows.at(index.row()).value(index.column());
    case Qt::ToolTipRole:
        if (!a.gap.isEmpty())
            return tr("%1: %2").arg(a.statusName(), a.gap);
        return worst ? tr("This axis sets the aggregate (%1).").arg(m_comparison.aggregateOf)
                     : QVariant();
    case Qt::FontRole:
        if (worst) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == AxisColumn || index.column() >= VerdictColumn
                   ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case ValueRole:
        switch (index.column()) {
        case ValueColumn:
            return a.value;
        case IntervalColumn:
            return a.lower;
        case PColumn:
            return a.p;
        case HolmColumn:
            return a.pHolm;
        case DetectableColumn:
            return a.detectable;
        case CallsColumn:
            return a.callsLogged;
        default:
            return {};
        }
    case WorstRole:
        return worst;
    default:
        return {};
    }
}

QVariant AxesResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return {};
    return m_headers.value(section);
}

} // namespace pb

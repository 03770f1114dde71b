#include "run/RunCostModel.h"

#include "report/ReportDocument.h"

namespace pb {

namespace {

QVariant orEmpty(const std::optional<double>& value)
{
    return value ? QVariant(*value) : QVariant();
}

} // namespace

RunCostModel::RunCostModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void RunCostModel::setCost(const RunCost& cost)
{
    beginResetModel();
    m_cost = cost;
    m_rows = cost.tableRows();
    endResetModel();
}

int RunCostModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RunCostModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunCostModel::value(int row, int column) const
{
    const TokenTotals t = m_cost.tokensOfRow(row);
    const std::optional<TokenCost> c = m_cost.costOfRow(row);
    switch (column) {
    case CallsColumn:
        return t.calls;
    case CountedColumn:
        return t.callsCounted;
    case InputColumn:
        return t.input;
    case OutputColumn:
        return t.output;
    case InputPerCallColumn:
        return orEmpty(t.inputPerCall());
    case OutputPerCallColumn:
        return orEmpty(t.outputPerCall());
    case InputCostColumn:
        return c ? QVariant(c->input) : QVariant();
    case OutputCostColumn:
        return c ? QVariant(c->output) : QVariant();
    default:
        return {};
    }
}

QVariant RunCostModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= ColumnCount)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return ReportDocument::plain(m_rows.at(index.row()).value(index.column()));
    case ValueRole:
        return value(index.row(), index.column());
    case Qt::TextAlignmentRole:
        return int(index.column() == RunColumn ? Qt::AlignLeft | Qt::AlignVCenter
                                               : Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant RunCostModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    return RunCost::tableHeader().value(section);
}

} // namespace pb

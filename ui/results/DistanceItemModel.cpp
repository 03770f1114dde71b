#include "results/DistanceItemModel.h"

#include "report/NumberText.h"

namespace pb {

DistanceItemModel::DistanceItemModel(const Columns& columns, QObject* parent)
    : QAbstractTableModel(parent), m_columns(columns)
{
}

DistanceItemModel::~DistanceItemModel() = default;

void DistanceItemModel::setRows(QList<Row> rows, const std::function<void()>& keep)
{
    beginResetModel();
    keep();
    m_rows = std::move(rows);
    endResetModel();
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, m_columns.count - 1);
}

int DistanceItemModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DistanceItemModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_columns.count;
}

int DistanceItemModel::rowOf(const QString& itemId) const
{
    for (qsizetype i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].itemId == itemId)
            return int(i);
    }
    return -1;
}

QString DistanceItemModel::ownToolTip(int, int) const
{
    return {};
}

bool DistanceItemModel::shared(int column) const
{
    return column == 0 || column == m_columns.distance || column == m_columns.noiseDistance ||
           column == m_columns.effect;
}

QVariant DistanceItemModel::value(int row, int column) const
{
    if (!shared(column))
        return ownValue(row, column);
    const Row& r = m_rows.at(row);
    if (column == 0)
        return r.itemId;
    if (column == m_columns.effect)
        return r.comparable && r.effect ? QVariant(*r.effect) : QVariant();
    if (!r.comparable)
        return {};
    return column == m_columns.distance ? r.distance : r.noiseDistance;
}

QString DistanceItemModel::text(int row, int column) const
{
    if (!shared(column))
        return ownText(row, column);
    const Row& r = m_rows.at(row);
    if (column == 0)
        return r.itemId;
    if (column == m_columns.distance && !r.comparable)
        return r.reason; // the report writes why in this cell
    const QVariant v = value(row, column);
    if (!v.isValid())
        return {};
    return column == m_columns.effect ? NumberText::signedFixed(v.toDouble(), 2)
                                      : NumberText::fixed(v.toDouble(), 4);
}

QVariant DistanceItemModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = m_rows.at(index.row());
    const int row = index.row();
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole: {
        const QString t = text(row, column);
        return t.isEmpty() ? QVariant() : QVariant(t);
    }
    case ValueRole:
        return value(row, column);
    case SortRole: {
        if (column == 0)
            return r.itemId;
        const QVariant v = value(row, column);
        if (v.typeId() == QMetaType::QVariantList) // by the first figure: A's
            return v.toList().isEmpty() ? QVariant(-1e300) : v.toList().constFirst();
        return v.isValid() ? v : QVariant(-1e300);
    }
    case ItemIdRole:
        return r.itemId;
    case Qt::TextAlignmentRole: {
        const bool right =
            shared(column) ? column != 0 && r.comparable : ownRightAligned(row, column);
        return right ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    }
    case Qt::ToolTipRole: {
        const QString own = shared(column) ? QString() : ownToolTip(row, column);
        if (!own.isEmpty())
            return own;
        return r.comparable ? QVariant() : QVariant(tr("Not compared: %1").arg(r.reason));
    }
    default:
        return {};
    }
}

QVariant DistanceItemModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= m_columns.count)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        if (section == 0)
            return tr("Item");
        if (section == m_columns.effect)
            return tr("Effect");
        return header(section);
    }
    if (role == Qt::ToolTipRole) {
        const QString t = headerToolTip(section);
        return t.isEmpty() ? QVariant() : QVariant(t);
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace pb

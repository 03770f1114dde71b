#include "judge/JudgeItemListModel.h"

#include "widgets/ThemeColours.h"

#include <QGuiApplication>

namespace pb {

namespace {

QStringList propertiesOf(const JudgeItem& item)
{
    QStringList out;
    for (const JudgeVariant& v : item.variants) {
        if (!out.contains(v.property))
            out << v.property;
    }
    return out;
}

} // namespace

JudgeItemListModel::JudgeItemListModel(QObject* parent) : QAbstractTableModel(parent)
{
}

int JudgeItemListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

int JudgeItemListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant JudgeItemListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return {};
    const JudgeItem& item = m_items.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        switch (index.column()) {
        case IdColumn:
            return item.id;
        case KindColumn:
            return item.pairwise ? tr("pairwise") : tr("single");
        case VariantsColumn:
            return int(item.variants.size());
        case PropertiesColumn:
            return propertiesOf(item).join(QStringLiteral(", "));
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == IdColumn && m_problems.contains(index.row()))
            return m_problems.value(index.row()).join(QLatin1Char('\n'));
        if (index.column() == KindColumn)
            return item.pairwise ? tr("Two answers judged side by side, in both orders, to see "
                                      "whether the judge follows the answer or the position.")
                                 : tr("One answer judged as written and in each variant.");
        if (!item.note.isEmpty())
            return item.note;
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == VariantsColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::BackgroundRole:
        if (index.column() == IdColumn && m_problems.contains(index.row()))
            return ThemeColours::errorBackground(QGuiApplication::palette());
        return {};
    case ProblemRole:
        return m_problems.value(index.row()).join(QLatin1Char('\n'));
    case ItemIdRole:
        return item.id;
    case PairwiseRole:
        return item.pairwise;
    default:
        return {};
    }
}

bool JudgeItemListModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !(flags(index) & Qt::ItemIsEditable))
        return false;
    const QString id = value.toString().trimmed();
    if (id == m_items.at(index.row()).id)
        return true;
    if (id.isEmpty() || rowOf(id) >= 0)
        return false;
    Q_EMIT idEdited(index.row(), id);
    return true;
}

Qt::ItemFlags JudgeItemListModel::flags(const QModelIndex& index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsSelectable | Qt::ItemIsEnabled;
    if (index.column() == IdColumn && !m_readOnly)
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant JudgeItemListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case IdColumn:
            return tr("Item");
        case KindColumn:
            return tr("Kind");
        case VariantsColumn:
            return tr("Variants");
        default:
            return tr("Properties");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case IdColumn:
            return tr("The item's id, unique in the probe; F2 renames it.");
        case KindColumn:
            return tr("Single: one answer and its variants. Pairwise: two answers compared "
                      "in both orders.");
        case VariantsColumn:
            return tr("How many changed copies of the artifact the judge also sees.");
        default:
            return tr("What the variants change: padding, byline, polish, hedging, position.");
        }
    }
    return {};
}

void JudgeItemListModel::setItems(const QList<JudgeItem>& items)
{
    if (items.size() != m_items.size()) {
        beginResetModel();
        m_items = items;
        endResetModel();
        return;
    }
    int first = -1;
    int last = -1;
    for (int r = 0; r < rowCount(); ++r) {
        if (!(items.at(r) == m_items.at(r))) {
            first = first < 0 ? r : first;
            last = r;
        }
    }
    m_items = items;
    if (first >= 0)
        Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

void JudgeItemListModel::setRowProblems(const QHash<int, QStringList>& problems)
{
    if (problems == m_problems)
        return;
    m_problems = problems;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, IdColumn), index(rowCount() - 1, IdColumn),
                           {Qt::ToolTipRole, Qt::BackgroundRole, ProblemRole});
}

int JudgeItemListModel::rowOf(const QString& itemId) const
{
    for (int r = 0; r < rowCount(); ++r) {
        if (m_items.at(r).id == itemId)
            return r;
    }
    return -1;
}

} // namespace pb

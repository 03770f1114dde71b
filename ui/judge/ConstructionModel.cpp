#include "judge/ConstructionModel.h"

#include <QFont>

namespace pb {

namespace {

bool sameGroups(const QList<ConstructionTally>& a, const QList<ConstructionTally>& b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a.at(i).group != b.at(i).group)
            return false;
    }
    return true;
}

} // namespace

ConstructionModel::ConstructionModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void ConstructionModel::setScore(const ConstructionScore& score)
{
    if (!sameGroups(score.byGroup, m_groups)) {
        beginResetModel();
        m_groups = score.byGroup;
        m_main = score.mainShortfallGroup();
        endResetModel();
        return;
    }
    m_groups = score.byGroup;
    m_main = score.mainShortfallGroup();
    if (!m_groups.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void ConstructionModel::clear()
{
    beginResetModel();
    m_groups.clear();
    m_main.clear();
    endResetModel();
}

int ConstructionModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_groups.size());
}

int ConstructionModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ConstructionModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_groups.size() || index.column() >= ColumnCount)
        return {};
    const ConstructionTally& t = m_groups.at(index.row());
    const bool none = t.ceiling == 0;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case GroupColumn:
            return t.group == QLatin1String("base") ? tr("base artifacts") : t.group;
        case AsBuiltColumn:
            return none ? QStringLiteral("–") : QString::number(t.asBuilt);
        case CeilingColumn:
            return QString::number(t.ceiling);
        case NotScoredColumn:
            return none ? QStringLiteral("–") : QString::number(t.notScored);
        case ShortfallColumn:
            return none ? QStringLiteral("–") : QString::number(t.shortfall());
        default:
            return {};
        }
    case Qt::TextAlignmentRole:
        return index.column() == GroupColumn ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                             : int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (!m_main.isEmpty() && t.group == m_main) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole:
        if (none)
            return tr("No verdict in this group was fixed in advance, so none is scored "
                      "against construction.");
        if (t.group == m_main)
            return tr("The largest shortfall: the verdicts this property moved away from "
                      "construction.");
        return {};
    case GroupRole:
        return t.group;
    case AsBuiltRole:
        return t.asBuilt;
    case CeilingRole:
        return t.ceiling;
    case NotScoredRole:
        return t.notScored;
    case ShortfallRole:
        return t.shortfall();
    default:
        return {};
    }
}

QVariant ConstructionModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case GroupColumn:
            return tr("Group");
        case AsBuiltColumn:
            return tr("As built");
        case CeilingColumn:
            return tr("Ceiling");
        case NotScoredColumn:
            return tr("Not scored");
        case ShortfallColumn:
            return tr("Shortfall");
        default:
            break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case AsBuiltColumn:
            return tr("Verdicts that came back as the artifact was built to deserve.");
        case CeilingColumn:
            return tr("The exact ceiling: every verdict fixed when the items were written.");
        case NotScoredColumn:
            return tr("Verdicts with no scored value (review needed, invented quote or no "
                      "reply); never counted as built.");
        case ShortfallColumn:
            return tr("Ceiling minus as built.");
        default:
            break;
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace pb

#include "nameset/DecisionValueModel.h"

#include "widgets/ThemeColours.h"

#include <QGuiApplication>

namespace pb {

DecisionValueModel::DecisionValueModel(QObject* parent) : QAbstractTableModel(parent)
{
}

int DecisionValueModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_decisions.values.size());
}

int DecisionValueModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DecisionValueModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QString& value = m_decisions.values.at(index.row());
    const bool repeated = m_decisions.values.count(value) > 1;
    if (index.column() == ValueColumn) {
        switch (role) {
        case Qt::DisplayRole:
        case Qt::EditRole:
            return value;
        case Qt::ToolTipRole:
            if (value.trimmed().isEmpty())
                return tr("A decision needs a value the model can give.");
            return repeated ? tr("\"%1\" is listed twice: each decision once.").arg(value)
                            : QVariant();
        case Qt::BackgroundRole:
            if (repeated || value.trimmed().isEmpty())
                return ThemeColours::errorBackground(QGuiApplication::palette());
            return {};
        default:
            return {};
        }
    }
    const bool favourable = m_decisions.isFavourable(value);
    switch (role) {
    case Qt::CheckStateRole:
        return favourable ? Qt::Checked : Qt::Unchecked;
    case Qt::AccessibleTextRole:
        return favourable ? tr("favourable") : tr("not favourable");
    case Qt::ToolTipRole:
        return tr("Whether \"%1\" counts as a favourable decision.").arg(value);
    default:
        return {};
    }
}

bool DecisionValueModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const QString before = m_decisions.values.at(index.row());
    if (index.column() == ValueColumn && role == Qt::EditRole) {
        const QString text = value.toString().trimmed();
        if (text == before)
            return true;
        m_decisions.values[index.row()] = text;
        // The mark follows the value it was on.
        const qsizetype at = m_decisions.favourable.indexOf(before);
        if (at >= 0)
            m_decisions.favourable[at] = text;
        Q_EMIT dataChanged(this->index(0, 0), this->index(rowCount() - 1, ColumnCount - 1));
        Q_EMIT decisionsEdited(m_decisions, tr("Rename decision %1 to %2").arg(before, text));
        return true;
    }
    if (index.column() == FavourableColumn && role == Qt::CheckStateRole) {
        const bool on = Qt::CheckState(value.toInt()) == Qt::Checked;
        if (on == m_decisions.isFavourable(before))
            return true;
        if (on) {
            // Kept in the values' order, as the file lists them.
            QStringList favourable;
            for (const QString& v : std::as_const(m_decisions.values)) {
                if (v == before || m_decisions.favourable.contains(v))
                    favourable << v;
            }
            favourable.removeDuplicates();
            m_decisions.favourable = favourable;
        } else {
            m_decisions.favourable.removeAll(before);
        }
        Q_EMIT dataChanged(index, index, {Qt::CheckStateRole, Qt::AccessibleTextRole});
        Q_EMIT decisionsEdited(m_decisions, on ? tr("Count %1 as favourable").arg(before)
                                               : tr("Count %1 as not favourable").arg(before));
        return true;
    }
    return false;
}

Qt::ItemFlags DecisionValueModel::flags(const QModelIndex& index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    const Qt::ItemFlags base = Qt::ItemIsSelectable | Qt::ItemIsEnabled;
    return index.column() == ValueColumn ? base | Qt::ItemIsEditable
                                         : base | Qt::ItemIsUserCheckable;
}

QVariant DecisionValueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole)
        return section == ValueColumn ? tr("Decision") : tr("Favourable");
    if (role == Qt::ToolTipRole)
        return section == ValueColumn
                   ? tr("A value the reply's \"decision\" may take; no other is accepted.")
                   : tr("Favourable decisions (an interview, a loan) are what the favourable "
                        "rate and the four-fifths rule count.");
    return {};
}

void DecisionValueModel::setDecisions(const DecisionSet& decisions)
{
    if (decisions.values.size() != m_decisions.values.size()) {
        beginResetModel();
        m_decisions = decisions;
        endResetModel();
        return;
    }
    if (decisions == m_decisions)
        return;
    m_decisions = decisions;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace pb

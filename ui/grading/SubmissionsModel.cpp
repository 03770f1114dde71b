#include "grading/SubmissionsModel.h"

namespace pb {

SubmissionsModel::SubmissionsModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void SubmissionsModel::setOutcome(const Rubric& rubric, const GradingOutcome& outcome)
{
    beginResetModel();
    m_rubric = rubric;
    m_rows = outcome.rows;
    endResetModel();
}

void SubmissionsModel::clear()
{
    beginResetModel();
    m_rubric = Rubric();
    m_rows.clear();
    endResetModel();
}

void SubmissionsModel::setHidden(const QSet<QString>& files, const QString& text)
{
    if (files == m_hidden && text == m_hiddenText)
        return;
    m_hidden = files;
    m_hiddenText = text;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

const GradeRow* SubmissionsModel::rowAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? &m_rows.at(row) : nullptr;
}

int SubmissionsModel::rowOf(const QString& filename) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).filename == filename)
            return i;
    }
    return -1;
}

int SubmissionsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SubmissionsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : FirstLevelColumn + int(m_rubric.criteria.size());
}

QVariant SubmissionsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const GradeRow& row = m_rows.at(index.row());
    const bool hidden = m_hidden.contains(row.filename);
    if (role == HiddenRole)
        return hidden;
    if (index.column() == FileColumn)
        return role == Qt::DisplayRole || role == Qt::ToolTipRole ? QVariant(row.filename)
                                                                  : QVariant();
    if (hidden) {
        if (role == Qt::DisplayRole)
            return tr("hidden");
        if (role == Qt::ToolTipRole)
            return m_hiddenText;
        return {};
    }
    if (index.column() == TotalColumn) {
        switch (role) {
        case Qt::DisplayRole:
            return row.total ? row.total->text() : QString();
        case ValueRole:
            return row.total ? QVariant(row.total->tenths) : QVariant();
        case Qt::TextAlignmentRole:
            return int(Qt::AlignRight | Qt::AlignVCenter);
        case Qt::ToolTipRole:
            return row.total ? QVariant() : tr("No total: not every criterion has a level.");
        default:
            return {};
        }
    }
    if (index.column() == FlagsColumn)
        return role == Qt::DisplayRole || role == Qt::ToolTipRole
                   ? QVariant(row.flags.join(QStringLiteral("; ")))
                   : QVariant();
    const GradeCell& cell = row.cells.at(index.column() - FirstLevelColumn);
    switch (role) {
    case Qt::DisplayRole:
        return cell.level ? QString::number(*cell.level) : QString();
    case ValueRole:
        return cell.level ? QVariant(*cell.level) : QVariant();
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case Qt::ToolTipRole:
        return cell.evidence.isEmpty() ? QVariant() : tr("Quote: %1").arg(cell.evidence);
    default:
        return {};
    }
}

QVariant SubmissionsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= columnCount())
        return {};
    switch (section) {
    case FileColumn:
        return tr("File");
    case TotalColumn:
        return tr("Total");
    case FlagsColumn:
        return tr("Flags");
    default:
        return m_rubric.criteria.at(section - FirstLevelColumn).name;
    }
}

} // namespace pb

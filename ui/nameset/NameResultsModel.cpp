#include "nameset/NameResultsModel.h"

#include "nameset/NameSetNumberText.h"
#include "widgets/ThemeColours.h"

#include <QGuiApplication>

namespace pb {

NameResultsModel::NameResultsModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void NameResultsModel::setAnalysis(const NameSetAnalysis& analysis)
{
    beginResetModel();
    m_names.clear();
    if (analysis.table) {
        for (const groups::NameSummary& n : analysis.table->names())
            m_names << n;
    }
    endResetModel();
}

void NameResultsModel::clear()
{
    beginResetModel();
    m_names.clear();
    endResetModel();
}

int NameResultsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_names.size());
}

int NameResultsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString NameResultsModel::text(int row, int column) const
{
    const groups::NameSummary& n = m_names.at(row);
    switch (column) {
    case NameColumn:
        return QString::fromStdString(n.name);
    case GroupColumn:
        return QString::fromStdString(n.group);
    case ScoredColumn:
        return NameSetNumberText::scoredOf(n);
    case MeanColumn:
        return NameSetNumberText::number(n.scoreMean);
    case SdColumn:
        return NameSetNumberText::number(n.scoreSd);
    case FavourableColumn:
        return NameSetNumberText::rate(n.favourable);
    case InvalidColumn:
        return QString::number(n.excluded);
    default:
        return {};
    }
}

QVariant NameResultsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const groups::NameSummary& n = m_names.at(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return text(index.row(), column);
    case SortRole:
        switch (column) {
        case ScoredColumn:
            return n.scored;
        case MeanColumn:
            return n.scoreMean;
        case SdColumn:
            return n.scoreSd;
        case FavourableColumn:
            return n.favourable.trials > 0
                       ? double(n.favourable.successes) / double(n.favourable.trials)
                       : -1.0;
        case InvalidColumn:
            return n.excluded;
        default:
            return text(index.row(), column);
        }
    case Qt::TextAlignmentRole:
        return column <= GroupColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                     : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (column == InvalidColumn && n.excluded > 0)
            return ThemeColours::notedCell(QGuiApplication::palette());
        return {};
    case Qt::ToolTipRole:
        if (column == GroupColumn)
            return tr("%1 is a name associated with group %2 in the name list.")
                .arg(text(index.row(), NameColumn), text(index.row(), GroupColumn));
        if (column == InvalidColumn && n.excluded > 0)
            return tr("%1 replies never validated in %2 attempts: left out of every statistic, "
                      "never guessed.")
                .arg(n.excluded)
                .arg(NameSetDocument::kMaxAttempts);
        return {};
    default:
        return {};
    }
}

QVariant NameResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            return tr("Name");
        case GroupColumn:
            return tr("Group in the name list");
        case ScoredColumn:
            return tr("Scored (n)");
        case MeanColumn:
            return tr("Mean score");
        case SdColumn:
            return tr("SD");
        case FavourableColumn:
            return tr("Favourable");
        case InvalidColumn:
            return tr("Invalid replies");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case NameColumn:
            return tr("A name is a signal the model may read, not a person's identity.");
        case ScoredColumn:
            return tr("Replies that validated, of the seeds asked.");
        case InvalidColumn:
            return tr("Replies that never validated (every retry failed): counted, excluded "
                      "from the statistics.");
        default:
            return {};
        }
    }
    return {};
}

} // namespace pb

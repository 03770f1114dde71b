#include "nameset/GroupResultsModel.h"

#include "nameset/NameSetNumberText.h"
#include "report/NumberText.h"
#include "widgets/ThemeColours.h"

#include <QGuiApplication>

namespace pb {

GroupResultsModel::GroupResultsModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void GroupResultsModel::setAnalysis(const NameSetAnalysis& analysis)
{
    beginResetModel();
    m_groups.clear();
    m_fourFifths.clear();
    m_intervals = analysis.intervals;
    if (analysis.table) {
        for (const groups::GroupSummary& g : analysis.table->groups())
            m_groups << g;
        // Built from the table's groups in the same order (NameSetAnalysis::compute).
        for (const groups::FourFifthsRow& row : analysis.fourFifths.rows)
            m_fourFifths << row;
    }
    if (m_fourFifths.size() != m_groups.size())
        m_fourFifths.clear();
    endResetModel();
}

void GroupResultsModel::clear()
{
    beginResetModel();
    m_groups.clear();
    m_fourFifths.clear();
    m_intervals.clear();
    endResetModel();
}

int GroupResultsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_groups.size());
}

int GroupResultsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString GroupResultsModel::intervalText(const groups::ProportionInterval& interval)
{
    if (!interval.valid)
        return QStringLiteral("n/a");
    return tr("%1% to %2%")
        .arg(NumberText::fixed(100.0 * interval.lower, 1),
             NumberText::fixed(100.0 * interval.upper, 1));
}

QString GroupResultsModel::text(int row, int column) const
{
    const groups::GroupSummary& g = m_groups.at(row);
    const bool rated = row < m_fourFifths.size();
    switch (column) {
    case GroupColumn:
        return QString::fromStdString(g.group);
    case NamesColumn:
        return QString::number(g.names);
    case ScoredColumn:
        return QString::number(g.scored);
    case MeanColumn:
        return NameSetNumberText::number(g.scoreMean);
    case SdColumn:
        return NameSetNumberText::number(g.scoreSd);
    case NameMeanColumn:
        return NameSetNumberText::number(g.nameMeanMean);
    case FavourableColumn:
        return NameSetNumberText::rate(g.favourable);
    case IntervalColumn:
        return row < m_intervals.size() ? intervalText(m_intervals.at(row).favourable)
                                        : QStringLiteral("n/a");
    case RatioColumn:
        return rated ? NameSetNumberText::impactRatio(m_fourFifths.at(row)) : QStringLiteral("n/a");
    case FlaggedColumn:
        return rated ? NameSetNumberText::yesNo(m_fourFifths.at(row).flagged) : QString();
    case FragileColumn:
        return rated ? NameSetNumberText::yesNo(m_fourFifths.at(row).flip.fragile) : QString();
    default:
        return {};
    }
}

QVariant GroupResultsModel::number(int row, int column) const
{
    const groups::GroupSummary& g = m_groups.at(row);
    switch (column) {
    case NamesColumn:
        return g.names;
    case ScoredColumn:
        return g.scored;
    case MeanColumn:
        return g.scoreMean;
    case SdColumn:
        return g.scoreSd;
    case NameMeanColumn:
        return g.nameMeanMean;
    case FavourableColumn:
    case IntervalColumn:
        return g.favourable.trials > 0
                   ? double(g.favourable.successes) / double(g.favourable.trials)
                   : -1.0;
    case RatioColumn:
        return row < m_fourFifths.size() ? m_fourFifths.at(row).impactRatio : -1.0;
    default:
        return text(row, column);
    }
}

QVariant GroupResultsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return text(row, column);
    case SortRole:
        return number(row, column);
    case Qt::TextAlignmentRole:
        return column == GroupColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                     : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (row < m_fourFifths.size() && m_fourFifths.at(row).flagged &&
            (column == RatioColumn || column == FlaggedColumn))
            return ThemeColours::findingCell(QGuiApplication::palette());
        if (row < m_fourFifths.size() && m_fourFifths.at(row).flip.fragile &&
            column == FragileColumn)
            return ThemeColours::notedCell(QGuiApplication::palette());
        return {};
    case Qt::ToolTipRole:
        if (column == GroupColumn)
            return tr("Names associated with group %1 in the name list.").arg(text(row, column));
        return {};
    default:
        return {};
    }
}

QVariant GroupResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case GroupColumn:
            return tr("Group");
        case NamesColumn:
            return tr("Names");
        case ScoredColumn:
            return tr("Scored replies");
        case MeanColumn:
            return tr("Mean score");
        case SdColumn:
            return tr("SD");
        case NameMeanColumn:
            return tr("Mean of name means");
        case FavourableColumn:
            return tr("Favourable");
        case IntervalColumn:
            return tr("95% interval");
        case RatioColumn:
            return tr("Ratio to highest");
        case FlaggedColumn:
            return tr("Below four fifths");
        case FragileColumn:
            return tr("One person flips it");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case GroupColumn:
            return tr("The group the name list associates its names with: a label of the list, "
                      "not the identity of a person.");
        case MeanColumn:
        case SdColumn:
            return tr("Over every scored reply of the group's names.");
        case NameMeanColumn:
            return tr("Each name's seeds averaged first, since seeds repeat a name: the figure "
                      "the verdict's test compares.");
        case IntervalColumn:
            return tr("Wilson 95% interval of the favourable rate over the scored replies. "
                      "Seeds repeat a name, so this is narrower than the names alone vouch "
                      "for.");
        case RatioColumn:
            return tr("The group's favourable rate over the highest group's (the four-fifths "
                      "rule's impact ratio).");
        case FlaggedColumn:
            return tr("Flagged when the ratio is below 0.8, compared in whole counts. A rule of "
                      "thumb from US employment guidance, not a legal test.");
        case FragileColumn:
            return tr("Whether one person's outcome would flip this group's flag: the EEOC's "
                      "caution that such a result is not meaningful.");
        default:
            return {};
        }
    }
    return {};
}

} // namespace pb

#include "judge/StabilityModel.h"

#include "judge/JudgeConsoleText.h"
#include "widgets/ThemeColours.h"

#include <QBrush>
#include <QGuiApplication>
#include <algorithm>

namespace pb {

namespace {

int repeatsOf(const StabilityResult& s)
{
    int n = s.repeats;
    for (const StabilityCell& c : s.cells)
        n = std::max(n, int(c.values.size()));
    return n;
}

bool sameRows(const QList<StabilityCell>& a, const QList<StabilityCell>& b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a.at(i).itemId != b.at(i).itemId || a.at(i).variantId != b.at(i).variantId ||
            a.at(i).criterionId != b.at(i).criterionId)
            return false;
    }
    return true;
}

} // namespace

StabilityModel::StabilityModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void StabilityModel::setStability(const StabilityResult& stability, const Rubric& rubric,
                                  const QSet<QString>& pairwiseItems)
{
    const int repeats = repeatsOf(stability);
    const bool same =
        repeats == m_repeats && sameRows(stability.cells, m_cells) && rubric == m_rubric;
    if (!same)
        beginResetModel();
    m_cells = stability.cells;
    m_repeats = repeats;
    m_rubric = rubric;
    m_pairwise = pairwiseItems;
    if (!same)
        endResetModel();
    else if (!m_cells.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void StabilityModel::clear()
{
    beginResetModel();
    m_cells.clear();
    m_repeats = 0;
    m_rubric = Rubric();
    m_pairwise.clear();
    endResetModel();
}

int StabilityModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_cells.size());
}

int StabilityModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : FirstRepeatColumn + m_repeats;
}

std::optional<int> StabilityModel::firstScored(const StabilityCell& cell) const
{
    for (const std::optional<int>& v : cell.values) {
        if (v)
            return v;
    }
    return std::nullopt;
}

QVariant StabilityModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_cells.size() || index.column() >= columnCount())
        return {};
    const StabilityCell& cell = m_cells.at(index.row());
    const int column = index.column();
    const int repeat = column - FirstRepeatColumn;
    const bool isRepeat = repeat >= 0;
    const std::optional<int> value =
        isRepeat && repeat < cell.values.size() ? cell.values.at(repeat) : std::nullopt;
    const bool differs = isRepeat && value && cell.wobbles() && value != firstScored(cell);
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case ItemColumn:
            return cell.itemId;
        case VariantColumn:
            return cell.variantId;
        case CriterionColumn:
            return cell.criterionId;
        case StatusColumn:
            if (cell.wobbles())
                return tr("wobbles");
            return cell.unscored() > 0 ? tr("unscored repeat") : tr("steady");
        default:
            return JudgeConsoleText::verdictText(value, m_rubric, m_pairwise.contains(cell.itemId));
        }
    case Qt::TextAlignmentRole:
        return isRepeat ? int(Qt::AlignCenter) : int(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (differs)
            return QBrush(ThemeColours::findingCell(QGuiApplication::palette()));
        if (column == StatusColumn && cell.wobbles())
            return QBrush(ThemeColours::notedCell(QGuiApplication::palette()));
        if (isRepeat && !value)
            return QBrush(ThemeColours::errorBackground(QGuiApplication::palette()));
        return {};
    case Qt::ToolTipRole:
        if (column == StatusColumn)
            return tr("A verdict wobbles when the scored repeats of the same artifact disagree: "
                      "a shortfall there may be noise rather than a preference.");
        if (differs)
            return tr("Differs from this criterion's first scored verdict.");
        if (isRepeat && !value)
            return tr("Not scored on this call.");
        return {};
    case WobblesRole:
        return cell.wobbles();
    case DiffersRole:
        return differs;
    case ValueRole:
        return value ? QVariant(*value) : QVariant();
    default:
        return {};
    }
}

QVariant StabilityModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case ItemColumn:
            return tr("Item");
        case VariantColumn:
            return tr("Variant");
        case CriterionColumn:
            return tr("Criterion");
        case StatusColumn:
            return tr("Verdicts");
        default:
            return tr("call %1").arg(section - FirstRepeatColumn + 1);
        }
    }
    if (role == Qt::ToolTipRole && section >= FirstRepeatColumn)
        return section == FirstRepeatColumn
                   ? tr("The probe's own call of the artifact.")
                   : tr("Stability repeat %1: the same artifact judged again.")
                         .arg(section - FirstRepeatColumn);
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace pb

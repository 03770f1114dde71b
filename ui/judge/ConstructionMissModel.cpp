#include "judge/ConstructionMissModel.h"

#include "judge/JudgeConsoleText.h"

namespace pb {

ConstructionMissModel::ConstructionMissModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void ConstructionMissModel::setMisses(const QList<ConstructionMiss>& misses, const Rubric& rubric,
                                      const QSet<QString>& pairwiseItems)
{
    // While a run goes on, misses only go (a reply came back as built) or come (a new
    // analysis of a store with more calls): remove or insert just those rows, so the
    // selection and the scroll position stay. Anything else is a new table.
    const bool sameRubric = rubric == m_rubric;
    bool reset = false;
    if (sameRubric && misses.size() <= m_misses.size() && within(misses, m_misses)) {
        removeAbsent(misses);
    } else if (sameRubric && within(m_misses, misses)) {
        insertNew(misses);
    } else {
        reset = true;
        beginResetModel();
    }
    m_misses = misses;
    m_rubric = rubric;
    m_pairwise = pairwiseItems;
    if (reset)
        endResetModel();
    else if (!m_misses.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

bool ConstructionMissModel::sameMiss(const ConstructionMiss& a, const ConstructionMiss& b)
{
    return a.itemId == b.itemId && a.variantId == b.variantId && a.criterionId == b.criterionId;
}

bool ConstructionMissModel::within(const QList<ConstructionMiss>& part,
                                   const QList<ConstructionMiss>& whole)
{
    qsizetype i = 0;
    for (qsizetype j = 0; i < part.size() && j < whole.size(); ++j) {
        if (sameMiss(part.at(i), whole.at(j)))
            ++i;
    }
    return i == part.size();
}

void ConstructionMissModel::removeAbsent(const QList<ConstructionMiss>& kept)
{
    // From the bottom up, a contiguous run of gone rows at a time, so earlier rows keep
    // their numbers until their turn.
    qsizetype k = kept.size();
    int row = int(m_misses.size()) - 1;
    while (row >= 0) {
        if (k > 0 && sameMiss(m_misses.at(row), kept.at(k - 1))) {
            --k;
            --row;
            continue;
        }
        int first = row;
        while (first > 0 && !(k > 0 && sameMiss(m_misses.at(first - 1), kept.at(k - 1))))
            --first;
        beginRemoveRows(QModelIndex(), first, row);
        m_misses.remove(first, row - first + 1);
        endRemoveRows();
        row = first - 1;
    }
}

void ConstructionMissModel::insertNew(const QList<ConstructionMiss>& all)
{
    // From the top down, a contiguous run of new rows at a time.
    int row = 0;
    while (row < all.size()) {
        if (row < m_misses.size() && sameMiss(m_misses.at(row), all.at(row))) {
            ++row;
            continue;
        }
        int last = row;
        while (last + 1 < all.size() &&
               !(row < m_misses.size() && sameMiss(m_misses.at(row), all.at(last + 1))))
            ++last;
        beginInsertRows(QModelIndex(), row, last);
        for (int r = row; r <= last; ++r)
            m_misses.insert(r, all.at(r));
        endInsertRows();
        row = last + 1;
    }
}

void ConstructionMissModel::clear()
{
    beginResetModel();
    m_misses.clear();
    m_rubric = Rubric();
    m_pairwise.clear();
    endResetModel();
}

int ConstructionMissModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_misses.size());
}

int ConstructionMissModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ConstructionMissModel::display(const ConstructionMiss& m, int column) const
{
    const bool pairwise = m_pairwise.contains(m.itemId);
    switch (column) {
    case ItemColumn:
        return m.itemId;
    case VariantColumn:
        return m.property.isEmpty() ? m.variantId : tr("%1 (%2)").arg(m.variantId, m.property);
    case CriterionColumn:
        return m.criterionId;
    case DeservedColumn:
        return JudgeConsoleText::verdictText(m.deserved, m_rubric, pairwise);
    case GotColumn:
        return JudgeConsoleText::verdictText(m.got, m_rubric, pairwise);
    case WhyColumn:
        return m.why;
    default:
        return {};
    }
}

QVariant ConstructionMissModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_misses.size() || index.column() >= ColumnCount)
        return {};
    const ConstructionMiss& m = m_misses.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(m, index.column());
    case Qt::TextAlignmentRole:
        return index.column() == DeservedColumn || index.column() == GotColumn
                   ? int(Qt::AlignRight | Qt::AlignVCenter)
                   : int(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() != WhyColumn)
            return {};
        if (m.why == QLatin1String(JudgeVerdict::kReviewNeeded))
            return tr("The reply never validated, so this verdict has no value.");
        if (m.why == QLatin1String(CriterionGrade::kHallucinated))
            return tr("The quote backing this verdict is not in the artifact, so it is not "
                      "counted.");
        if (m.why == QLatin1String("no reply"))
            return tr("The judge call got no reply.");
        return tr("The judge gave a different verdict from the one the artifact was built to "
                  "deserve.");
    case ItemIdRole:
        return m.itemId;
    case VariantIdRole:
        return m.variantId;
    case WhyRole:
        return m.why;
    default:
        return {};
    }
}

QVariant ConstructionMissModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ItemColumn:
        return tr("Item");
    case VariantColumn:
        return tr("Variant");
    case CriterionColumn:
        return tr("Criterion");
    case DeservedColumn:
        return tr("Deserved");
    case GotColumn:
        return tr("Got");
    case WhyColumn:
        return tr("Why");
    default:
        return QAbstractTableModel::headerData(section, orientation, role);
    }
}

} // namespace pb

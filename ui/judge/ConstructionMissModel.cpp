#include "judge/ConstructionMissModel.h"

#include "judge/JudgeConsoleText.h"

namespace pb {

ConstructionMissModel::ConstructionMissModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void ConstructionMissModel::setMisses(const QList<ConstructionMiss>& misses, const Rubric& rubric,
                                      const QSet<QString>& pairwiseItems)
{
    bool same = misses.size() == m_misses.size() && rubric == m_rubric;
    for (qsizetype i = 0; same && i < misses.size(); ++i) {
        same = misses.at(i).itemId == m_misses.at(i).itemId &&
               misses.at(i).variantId == m_misses.at(i).variantId &&
               misses.at(i).criterionId == m_misses.at(i).criterionId;
    }
    if (!same)
        beginResetModel();
    m_misses = misses;
    m_rubric = rubric;
    m_pairwise = pairwiseItems;
    if (!same)
        endResetModel();
    else if (!m_misses.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
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

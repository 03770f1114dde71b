#include "results/GenerativeItemModel.h"

#include "report/NumberText.h"

namespace pb {

GenerativeItemModel::GenerativeItemModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void GenerativeItemModel::setAnalysis(const GenerativeAnalysis& analysis)
{
    beginResetModel();
    m_analysis = analysis;
    endResetModel();
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void GenerativeItemModel::clear()
{
    setAnalysis(GenerativeAnalysis());
}

int GenerativeItemModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_analysis.items.size());
}

int GenerativeItemModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GenerativeItemModel::value(const GenerativeItemResult& r, int column) const
{
    // As the report: an effect per item only where the probe has one against the noise floor.
    const bool withEffect = !m_analysis.deterministic() && m_analysis.verdict.comparison.valid;
    switch (column) {
    case ItemColumn:
        return r.itemId;
    case EmbeddedColumn:
        return QVariantList{r.embeddedA, r.embeddedB, r.embeddedNoise};
    case DistanceColumn:
        return r.comparable ? QVariant(r.distance) : QVariant();
    case NoiseDistanceColumn:
        return r.comparable ? QVariant(r.noiseDistance) : QVariant();
    case DifferenceColumn:
        return r.comparable ? QVariant(r.difference) : QVariant();
    case PairsColumn:
        return QVariantList{r.counterfactualPairs, r.nullPairs};
    case EffectColumn:
        return r.comparable && withEffect ? QVariant(r.effect) : QVariant();
    default:
        return {};
    }
}

QString GenerativeItemModel::text(const GenerativeItemResult& r, int column) const
{
    const QVariant v = value(r, column);
    switch (column) {
    case ItemColumn:
        return r.itemId;
    case EmbeddedColumn:
        return QStringLiteral("%1 / %2 / %3")
            .arg(r.embeddedA)
            .arg(r.embeddedB)
            .arg(r.embeddedNoise);
    case DistanceColumn:
        return r.comparable ? NumberText::fixed(r.distance, 4) : r.reason; // the report's cell
    case NoiseDistanceColumn:
        return v.isValid() ? NumberText::fixed(v.toDouble(), 4) : QString();
    case DifferenceColumn:
        return v.isValid() ? NumberText::signedFixed(v.toDouble(), 4) : QString();
    case PairsColumn:
        return QStringLiteral("%1 / %2").arg(r.counterfactualPairs).arg(r.nullPairs);
    case EffectColumn:
        return v.isValid() ? NumberText::signedFixed(v.toDouble(), 2) : QString();
    default:
        return {};
    }
}

QVariant GenerativeItemModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const GenerativeItemResult& r = m_analysis.items.at(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return text(r, column);
    case ValueRole:
        return value(r, column);
    case SortRole: {
        const QVariant v = value(r, column);
        if (column == ItemColumn)
            return r.itemId;
        if (v.typeId() == QMetaType::QVariantList) // by the first count: A's, or A-B's
            return v.toList().constFirst();
        return v.isValid() ? v : QVariant(-1e300);
    }
    case ItemIdRole:
        return r.itemId;
    case Qt::TextAlignmentRole:
        return column != ItemColumn &&
                       (r.comparable || column == EmbeddedColumn || column == PairsColumn)
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant();
    case Qt::ToolTipRole:
        return r.comparable ? QVariant() : QVariant(tr("Not compared: %1").arg(r.reason));
    default:
        return {};
    }
}

QVariant GenerativeItemModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case ItemColumn:
            return tr("Item");
        case EmbeddedColumn:
            return tr("Embedded");
        case DistanceColumn:
            return tr("D_cf");
        case NoiseDistanceColumn:
            return tr("D_null");
        case DifferenceColumn:
            return tr("D_cf - D_null");
        case PairsColumn:
            return tr("Pairs");
        case EffectColumn:
            return tr("Effect");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case EmbeddedColumn:
            return tr("A / B / A again: the item's replies with a usable embedding under %1, %2 "
                      "and %1 again.")
                .arg(m_analysis.valueA, m_analysis.valueB);
        case DistanceColumn:
            return tr("D_cf: the mean cosine distance of the embeddings of the item's A and B "
                      "replies on the same seed (0: the same direction, 2: opposite).");
        case NoiseDistanceColumn:
            return tr("D_null: the mean cosine distance of the item's A reply on seed s and its A "
                      "again reply on the shifted seed: the noise floor.");
        case DifferenceColumn:
            return tr("D_cf - D_null: the item's term in the paired sign-flip test. Above 0: A "
                      "and B stand further apart than A and A again.");
        case PairsColumn:
            return tr("The seeds each mean is over: A with B, and A with A again.");
        case EffectColumn:
            return tr("The item's D_cf against the probe's noise floor (mean and scale of every "
                      "item's D_null).");
        default:
            return {};
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace pb

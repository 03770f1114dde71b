#include "results/GenerativeItemModel.h"

#include "report/NumberText.h"

namespace pb {

GenerativeItemModel::GenerativeItemModel(QObject* parent)
    : DistanceItemModel({ColumnCount, DistanceColumn, NoiseDistanceColumn, EffectColumn}, parent)
{
}

void GenerativeItemModel::setAnalysis(const GenerativeAnalysis& analysis)
{
    // As the report: an effect per item only where the probe has one against the noise floor.
    const bool withEffect = !analysis.deterministic() && analysis.verdict.comparison.valid;
    QList<Row> rows;
    rows.reserve(analysis.items.size());
    for (const GenerativeItemResult& r : analysis.items)
        rows << Row{r.itemId,        r.comparable,
                    r.reason,        r.distance,
                    r.noiseDistance, withEffect ? std::optional<double>(r.effect) : std::nullopt};
    setRows(std::move(rows), [&] { m_analysis = analysis; });
}

void GenerativeItemModel::clear()
{
    setAnalysis(GenerativeAnalysis());
}

QVariant GenerativeItemModel::ownValue(int row, int column) const
{
    const GenerativeItemResult& r = m_analysis.items.at(row);
    switch (column) {
    case EmbeddedColumn:
        return QVariantList{r.embeddedA, r.embeddedB, r.embeddedNoise};
    case DifferenceColumn:
        return r.comparable ? QVariant(r.difference) : QVariant();
    case PairsColumn:
        return QVariantList{r.counterfactualPairs, r.nullPairs};
    default:
        return {};
    }
}

QString GenerativeItemModel::ownText(int row, int column) const
{
    const GenerativeItemResult& r = m_analysis.items.at(row);
    switch (column) {
    case EmbeddedColumn:
        return QStringLiteral("%1 / %2 / %3")
            .arg(r.embeddedA)
            .arg(r.embeddedB)
            .arg(r.embeddedNoise);
    case DifferenceColumn:
        return r.comparable ? NumberText::signedFixed(r.difference, 4) : QString();
    case PairsColumn:
        return QStringLiteral("%1 / %2").arg(r.counterfactualPairs).arg(r.nullPairs);
    default:
        return {};
    }
}

bool GenerativeItemModel::ownRightAligned(int row, int column) const
{
    // The counts are numbers whether or not the item was compared.
    return column != DifferenceColumn || m_analysis.items.at(row).comparable;
}

QString GenerativeItemModel::header(int section) const
{
    switch (section) {
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
    default:
        return {};
    }
}

QString GenerativeItemModel::headerToolTip(int section) const
{
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

} // namespace pb

#include "results/ChoiceItemModel.h"

#include "choice/ChoiceReport.h"
#include "report/NumberText.h"

namespace pb {

ChoiceItemModel::ChoiceItemModel(QObject* parent)
    : DistanceItemModel({ColumnCount, DivergenceColumn, NoiseDivergenceColumn, EffectColumn},
                        parent)
{
}

void ChoiceItemModel::setAnalysis(const ChoiceAnalysis& analysis)
{
    // Through hasResult(), not the effect's own fields: at a sampled temperature the result
    // is the comparison against the noise floor, whatever test it reads.
    const bool withEffect = !analysis.deterministic() && analysis.hasResult();
    QList<Row> rows;
    rows.reserve(analysis.items.size());
    for (const ChoiceItemResult& r : analysis.items)
        rows << Row{r.itemId,          r.comparable,
                    r.reason,          r.divergence,
                    r.noiseDivergence, withEffect ? std::optional<double>(r.effect) : std::nullopt};
    setRows(std::move(rows), [&] { m_analysis = analysis; });
}

void ChoiceItemModel::clear()
{
    setAnalysis(ChoiceAnalysis());
}

const ChoiceArmDistribution* ChoiceItemModel::arm(int row, int column) const
{
    const ChoiceItemResult& r = m_analysis.items.at(row);
    switch (column) {
    case AColumn:
        return &r.a;
    case BColumn:
        return &r.b;
    case NoiseColumn:
        return &r.noise;
    default:
        return nullptr;
    }
}

QVariant ChoiceItemModel::ownValue(int row, int column) const
{
    const ChoiceArmDistribution* d = arm(row, column);
    if (!d || !d->valid)
        return {};
    QVariantList p;
    for (double x : d->probabilities)
        p << x;
    return p;
}

QString ChoiceItemModel::ownText(int row, int column) const
{
    const ChoiceArmDistribution* d = arm(row, column);
    return d ? ChoiceReport::distributionText(m_analysis, *d) : QString();
}

bool ChoiceItemModel::ownRightAligned(int, int) const
{
    return false; // a distribution is words and numbers, read from the left
}

QString ChoiceItemModel::ownToolTip(int row, int column) const
{
    const ChoiceArmDistribution* d = arm(row, column);
    if (!d || !d->valid)
        return {};
    return tr("%1 calls; outside mass %2 (the probability on no candidate before "
              "renormalising; with sampled frequencies, the share of replies that were "
              "no candidate)")
        .arg(d->calls)
        .arg(NumberText::fixed(d->outsideMass, 3));
}

QString ChoiceItemModel::header(int section) const
{
    const ChoiceAnalysis& a = m_analysis;
    switch (section) {
    case AColumn:
        return tr("A: %1").arg(a.valueA);
    case BColumn:
        return tr("B: %1").arg(a.valueB);
    case NoiseColumn:
        return a.noiseLabel.isEmpty() ? tr("A again") : a.noiseLabel;
    case DivergenceColumn:
        return tr("JS(A, B) bits");
    case NoiseDivergenceColumn:
        return tr("JS(A, A again) bits");
    default:
        return {};
    }
}

QString ChoiceItemModel::headerToolTip(int section) const
{
    switch (section) {
    case AColumn:
    case BColumn:
    case NoiseColumn:
        return tr("The item's distribution over the candidates under this value: the mean "
                  "of its calls' log-probability distributions, or the share of its seeds "
                  "whose reply was each candidate.");
    case DivergenceColumn:
        return tr("D_cf: Jensen-Shannon divergence of A against B, in bits (0: the same "
                  "distribution, 1: no answer in common).");
    case NoiseDivergenceColumn:
        return tr("D_null: Jensen-Shannon divergence of A against A again on other seeds, "
                  "the noise floor.");
    case EffectColumn:
        return tr("The item's JS(A, B) against the probe's noise floor (mean and scale of "
                  "every item's JS(A, A again)).");
    default:
        return {};
    }
}

} // namespace pb

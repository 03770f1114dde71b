#include "results/ChoiceItemModel.h"

#include "choice/ChoiceReport.h"
#include "report/NumberText.h"

namespace pb {

ChoiceItemModel::ChoiceItemModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void ChoiceItemModel::setAnalysis(const ChoiceAnalysis& analysis)
{
    beginResetModel();
    m_analysis = analysis;
    endResetModel();
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void ChoiceItemModel::clear()
{
    setAnalysis(ChoiceAnalysis());
}

int ChoiceItemModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_analysis.items.size());
}

int ChoiceItemModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
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

bool ChoiceItemModel::showsEffect(const ChoiceItemResult& r) const
{
    // Through hasResult(), not the effect's own fields: at a sampled temperature the result
    // is the comparison against the noise floor, whatever test it reads.
    return r.comparable && !m_analysis.deterministic() && m_analysis.hasResult();
}

QVariant ChoiceItemModel::value(const ChoiceItemResult& r, int column) const
{
    switch (column) {
    case DivergenceColumn:
        return r.comparable ? QVariant(r.divergence) : QVariant();
    case NoiseDivergenceColumn:
        return r.comparable ? QVariant(r.noiseDivergence) : QVariant();
    case EffectColumn:
        return showsEffect(r) ? QVariant(r.effect) : QVariant();
    default:
        return {};
    }
}

QVariant ChoiceItemModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ChoiceItemResult& r = m_analysis.items.at(index.row());
    const int column = index.column();
    const ChoiceArmDistribution* d = arm(index.row(), column);
    switch (role) {
    case Qt::DisplayRole:
        if (column == ItemColumn)
            return r.itemId;
        if (d)
            return ChoiceReport::distributionText(m_analysis, *d);
        if (column == DivergenceColumn && !r.comparable)
            return r.reason; // the report writes why in this cell
        if (const QVariant v = value(r, column); v.isValid())
            return column == EffectColumn ? NumberText::signedFixed(v.toDouble(), 2)
                                          : NumberText::fixed(v.toDouble(), 4);
        return {};
    case ValueRole:
        if (d) {
            if (!d->valid)
                return {};
            QVariantList p;
            for (double x : d->probabilities)
                p << x;
            return p;
        }
        return column == ItemColumn ? QVariant(r.itemId) : value(r, column);
    case SortRole:
        if (column == ItemColumn)
            return r.itemId;
        if (d)
            return d->valid && !d->probabilities.empty() ? QVariant(d->probabilities.front())
                                                         : QVariant(-1.0);
        return value(r, column).isValid() ? value(r, column) : QVariant(-1e300);
    case ItemIdRole:
        return r.itemId;
    case Qt::TextAlignmentRole:
        return column >= DivergenceColumn && r.comparable
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant();
    case Qt::ToolTipRole:
        if (d && d->valid)
            return tr("%1 calls; outside mass %2 (the probability on no candidate before "
                      "renormalising; with sampled frequencies, the share of replies that were "
                      "no candidate)")
                .arg(d->calls)
                .arg(NumberText::fixed(d->outsideMass, 3));
        if (!r.comparable)
            return tr("Not compared: %1").arg(r.reason);
        return {};
    default:
        return {};
    }
}

QVariant ChoiceItemModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    const ChoiceAnalysis& a = m_analysis;
    if (role == Qt::DisplayRole) {
        switch (section) {
        case ItemColumn:
            return tr("Item");
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
        case EffectColumn:
            return tr("Effect");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
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
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace pb

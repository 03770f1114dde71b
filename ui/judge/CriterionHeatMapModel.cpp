#include "judge/CriterionHeatMapModel.h"

#include "report/NumberText.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pb {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QString count(int n, const QString& one, const QString& many)
{
    return QString::number(n) + QLatin1Char(' ') + (n == 1 ? one : many);
}

bool sameGrid(const QList<PropertyEffect>& a, const Rubric& ra, const QList<PropertyEffect>& b,
              const Rubric& rb)
{
    if (a.size() != b.size() || ra.ids() != rb.ids())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a.at(i).property != b.at(i).property)
            return false;
    }
    return true;
}

} // namespace

CriterionHeatMapModel::CriterionHeatMapModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void CriterionHeatMapModel::setEffects(const QList<PropertyEffect>& effects, const Rubric& rubric)
{
    if (!sameGrid(effects, rubric, m_effects, m_rubric)) {
        beginResetModel();
        m_effects = effects;
        m_rubric = rubric;
        endResetModel();
        return;
    }
    m_effects = effects;
    m_rubric = rubric;
    if (!m_effects.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
}

void CriterionHeatMapModel::clear()
{
    beginResetModel();
    m_effects.clear();
    m_rubric = Rubric();
    endResetModel();
}

QString CriterionHeatMapModel::propertyAt(int row) const
{
    return row >= 0 && row < m_effects.size() ? m_effects.at(row).property : QString();
}

int CriterionHeatMapModel::rowOf(const QString& property) const
{
    for (qsizetype i = 0; i < m_effects.size(); ++i) {
        if (m_effects.at(i).property == property)
            return int(i);
    }
    return -1;
}

int CriterionHeatMapModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_effects.size());
}

int CriterionHeatMapModel::columnCount(const QModelIndex& parent) const
{
    // No grid without properties: an empty model has no columns either.
    return parent.isValid() || m_effects.isEmpty() ? 0 : totalColumn() + 1;
}

const CriterionEffect* CriterionHeatMapModel::cell(int row, int column) const
{
    if (row < 0 || row >= m_effects.size() || column < 0 || column > totalColumn())
        return nullptr;
    const PropertyEffect& effect = m_effects.at(row);
    if (column == totalColumn())
        return effect.total ? &*effect.total : nullptr;
    const QString id = m_rubric.criteria.at(column).id;
    for (const CriterionEffect& c : effect.criteria) {
        if (c.criterionId == id)
            return &c;
    }
    return nullptr;
}

// The delta that gets full colour: one level or one pass/fail verdict on a criterion; on the
// total, that one move on the heaviest criterion (in the rubric's own points).
double CriterionHeatMapModel::scale(int column) const
{
    if (column != totalColumn())
        return 1.0;
    const int top = m_rubric.scale == RubricScale::Levels ? Rubric::kHighestLevel : 1;
    double largest = 0.0;
    for (const RubricCriterion& c : m_rubric.criteria)
        largest = std::max(largest, std::abs(m_rubric.weightedPoints(c, top) -
                                             m_rubric.weightedPoints(c, top - 1)));
    return largest > 0.0 ? largest : 1.0;
}

QString CriterionHeatMapModel::toolTip(const PropertyEffect& effect, const CriterionEffect& c,
                                       int column) const
{
    const QString what =
        column == totalColumn() ? tr("the weighted total") : m_rubric.criteria.at(column).name;
    if (c.comparisons == 0)
        return tr("%1 under %2: no pair of scored verdicts to compare (%3 not scored).")
            .arg(what, effect.property)
            .arg(c.unscored);
    QString text =
        tr("%1 under %2: mean delta %3 over %4 (variant minus base, per item the mean over its "
           "variants).")
            .arg(what, effect.property, NumberText::signedFixed(c.meanDelta, 2),
                 count(int(c.itemDeltas.size()), tr("item"), tr("items")));
    text += QLatin1Char('\n') + tr("%1 of %2 verdicts flipped (%3 up, %4 down)")
                                    .arg(c.flips)
                                    .arg(c.comparisons)
                                    .arg(c.up)
                                    .arg(c.down);
    if (c.unscored > 0)
        text += tr("; %1 not scored").arg(c.unscored);
    text += QLatin1Char('.');
    text +=
        QLatin1Char('\n') +
        tr("Sign-flip %1 over %2: the share of random sign patterns of the per-item "
           "deltas whose mean is at least as far from zero as this one.")
            .arg(NumberText::pEquals(c.signFlip.p), count(c.signFlip.n, tr("item"), tr("items")));
    return text;
}

QVariant CriterionHeatMapModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.column() >= columnCount())
        return {};
    const CriterionEffect* c = cell(index.row(), index.column());
    const PropertyEffect& effect = m_effects.at(index.row());
    const bool compared = c && c->comparisons > 0 && !std::isnan(c->meanDelta);
    switch (role) {
    case Qt::DisplayRole:
        return compared ? NumberText::signedFixed(c->meanDelta, 2) : tr("n/a");
    case Qt::AccessibleTextRole:
        return compared ? tr("mean delta %1, %2 of %3 flipped")
                              .arg(NumberText::signedFixed(c->meanDelta, 2))
                              .arg(c->flips)
                              .arg(c->comparisons)
                        : tr("not available");
    case Qt::ToolTipRole:
        return c ? toolTip(effect, *c, index.column())
                 : tr("No weighted total: it needs every criterion scored on a points scale.");
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case MeanDeltaRole:
        return compared ? c->meanDelta : kNaN;
    case IntensityRole:
        return compared ? std::clamp(c->meanDelta / scale(index.column()), -1.0, 1.0) : kNaN;
    case FlipsRole:
        return c ? c->flips : 0;
    case ComparisonsRole:
        return c ? c->comparisons : 0;
    case FlipsTextRole:
        return c ? QStringLiteral("%1/%2").arg(c->flips).arg(c->comparisons) : QString();
    case PValueRole:
        return compared ? c->signFlip.p : kNaN;
    case ItemsRole:
        return c ? int(c->itemDeltas.size()) : 0;
    case PropertyRole:
        return effect.property;
    case CriterionIdRole:
        return index.column() == totalColumn() ? QStringLiteral("weighted_total")
                                               : m_rubric.criteria.at(index.column()).id;
    default:
        return {};
    }
}

QVariant CriterionHeatMapModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && section >= 0 && section < columnCount()) {
        const bool total = section == totalColumn();
        if (role == Qt::DisplayRole)
            return total ? tr("weighted total") : m_rubric.criteria.at(section).id;
        if (role == Qt::ToolTipRole) {
            if (total)
                return tr("The weighted total (0-100): each criterion's verdict in points, "
                          "weighted as the rubric says.");
            const RubricCriterion& c = m_rubric.criteria.at(section);
            return tr("%1 (weight %2%)").arg(c.name, NumberText::fixed(c.weight, 0));
        }
    }
    if (orientation == Qt::Vertical && section >= 0 && section < rowCount()) {
        const PropertyEffect& e = m_effects.at(section);
        if (role == Qt::DisplayRole)
            return e.property;
        if (role == Qt::ToolTipRole)
            return tr("%1: %2 in the probe")
                .arg(e.property,
                     count(e.variants, tr("variant artifact"), tr("variant artifacts")));
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace pb

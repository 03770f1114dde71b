#include "results/SeedPairModel.h"

#include "report/NumberText.h"

#include <QHash>
#include <cmath>

namespace pb {
namespace {

QString valueText(const std::optional<LoggedCall>& c)
{
    if (!c) {
        return QObject::tr("not run");
    }
    if (c->status == CallStatus::Failed) {
        return QObject::tr("failed");
    }
    if (!c->metricValue) {
        return QObject::tr("flagged");
    }
    return NumberText::fixed(*c->metricValue,
                             *c->metricValue == std::floor(*c->metricValue) ? 0 : 2);
}

} // namespace

SeedPairModel::SeedPairModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void SeedPairModel::setCalls(const QList<LoggedCall>& calls, const QString& itemId,
                             const QString& valueA, const QString& valueB,
                             const QString& metricName)
{
    beginResetModel();
    m_pairs.clear();
    m_valueA = valueA;
    m_valueB = valueB;
    m_metric = metricName;
    QHash<qint64, qsizetype> rowOfSeed;
    for (const LoggedCall& c : calls) {
        if (c.itemId != itemId || c.arm != CallArm::Probe ||
            (c.variant != valueA && c.variant != valueB)) {
            continue;
        }
        auto it = rowOfSeed.find(c.seed);
        if (it == rowOfSeed.end()) {
            it = rowOfSeed.insert(c.seed, m_pairs.size());
            m_pairs.append(Pair{c.seed, std::nullopt, std::nullopt});
        }
        (c.variant == valueA ? m_pairs[*it].a : m_pairs[*it].b) = c;
    }
    endResetModel();
}

std::optional<LoggedCall> SeedPairModel::callA(int row) const
{
    return row >= 0 && row < m_pairs.size() ? m_pairs[row].a : std::nullopt;
}

std::optional<LoggedCall> SeedPairModel::callB(int row) const
{
    return row >= 0 && row < m_pairs.size() ? m_pairs[row].b : std::nullopt;
}

int SeedPairModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_pairs.size());
}

int SeedPairModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SeedPairModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const Pair& p = m_pairs[index.row()];
    if (role == SeedRole) {
        return p.seed;
    }
    if (role == Qt::TextAlignmentRole) {
        return int(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role != Qt::DisplayRole && role != Qt::EditRole) {
        return {};
    }
    switch (index.column()) {
    case SeedColumn:
        return p.seed;
    case ValueAColumn:
        return valueText(p.a);
    case ValueBColumn:
        return valueText(p.b);
    case DifferenceColumn:
        if (p.a && p.b && p.a->metricValue && p.b->metricValue) {
            const double d = *p.a->metricValue - *p.b->metricValue;
            return NumberText::signedFixed(d, d == std::floor(d) ? 0 : 2);
        }
        return QStringLiteral("–");
    default:
        return {};
    }
}

QVariant SeedPairModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    if (role == Qt::ToolTipRole) {
        return section == SeedColumn
                   ? tr("The seed both calls used. The same seed does not make the two calls "
                        "comparable (different prompts draw differently); it makes them "
                        "reproducible.")
                   : QVariant();
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    switch (section) {
    case SeedColumn:
        return tr("Seed");
    case ValueAColumn:
        return tr("%1 %2").arg(m_valueA, m_metric);
    case ValueBColumn:
        return tr("%1 %2").arg(m_valueB, m_metric);
    case DifferenceColumn:
        return tr("Difference");
    default:
        return {};
    }
}

} // namespace pb

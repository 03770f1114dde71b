#include "results/SeedPairModel.h"

#include "generative/EmbeddingReading.h"
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
        // A generative reply has no number of its own: its embedding is what is compared.
        return EmbeddingReading::fromDetails(c->details) ? QObject::tr("embedded")
                                                         : QObject::tr("flagged");
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
                             const QString& metricName, std::optional<qint64> noiseOffset,
                             const QString& noiseLabel)
{
    beginResetModel();
    m_pairs.clear();
    m_valueA = valueA;
    m_valueB = valueB;
    m_metric = metricName;
    m_noiseOffset = noiseOffset;
    m_noiseLabel = noiseLabel;
    QHash<qint64, qsizetype> rowOfSeed;
    for (const LoggedCall& c : calls) {
        const bool noise = noiseOffset && c.arm == CallArm::Noise;
        if (c.itemId != itemId ||
            (!noise && (c.arm != CallArm::Probe || (c.variant != valueA && c.variant != valueB)))) {
            continue;
        }
        const qint64 seed = noise ? c.seed - *noiseOffset : c.seed;
        auto it = rowOfSeed.find(seed);
        if (it == rowOfSeed.end()) {
            it = rowOfSeed.insert(seed, m_pairs.size());
            m_pairs.append(Pair{seed, std::nullopt, std::nullopt, std::nullopt});
        }
        Pair& p = m_pairs[*it];
        (noise ? p.noise : c.variant == valueA ? p.a : p.b) = c;
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

std::optional<LoggedCall> SeedPairModel::callNoise(int row) const
{
    return row >= 0 && row < m_pairs.size() ? m_pairs[row].noise : std::nullopt;
}

int SeedPairModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_pairs.size());
}

int SeedPairModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_noiseOffset ? ColumnCount : NoiseColumn;
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
    case NoiseColumn:
        return valueText(p.noise);
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
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    if (role == Qt::ToolTipRole && section == NoiseColumn) {
        return tr("%1 asked again on the seed %2 further on: the same-versus-same reply the noise "
                  "floor is measured from.")
            .arg(m_valueA)
            .arg(m_noiseOffset.value_or(0));
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
    case NoiseColumn:
        return tr("%1 %2").arg(m_noiseLabel, m_metric);
    default:
        return {};
    }
}

} // namespace pb

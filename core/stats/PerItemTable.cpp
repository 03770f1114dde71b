#include "stats/PerItemTable.h"

#include "stats/DecimalValues.h"
#include "stats/ExactMoments.h"
#include "stats/WideInteger.h"

#include <QHash>
#include <algorithm>
#include <cmath>
#include <span>

namespace pb {

namespace {

struct ItemValues
{
    QString itemId;
    QList<double> a;
    QList<double> b;
    int failedA = 0;
    int failedB = 0;
};

// Integers up to 2^53 are exact doubles; beyond that "integer" says nothing about the grid.
bool isGridInteger(double value)
{
    return std::isfinite(value) && std::floor(value) == value &&
           std::fabs(value) <= 9007199254740992.0;
}

QString missingReason(const ItemValues& values, const QString& variantA, const QString& variantB)
{
    if (values.a.isEmpty() && values.b.isEmpty())
        return QStringLiteral("no usable runs for %1 or %2").arg(variantA, variantB);
    return QStringLiteral("no usable runs for %1").arg(values.a.isEmpty() ? variantA : variantB);
}

std::span<const double> asSpan(const QList<double>& values)
{
    return {values.constData(), static_cast<std::size_t>(values.size())};
}

// Plain double subtraction, as the reference computes it, except that equal means of the
// values as written give +0: 0.1 and 0.7 against 0.4 is no gap, not the one-ulp residue
// their double means leave, which the sign test would count as a gap and print as "-0.0".
double gapOf(const ItemValues& item, const PerItemRow& row)
{
    if (DecimalValues::meanDifferenceSign(asSpan(item.a), asSpan(item.b)) == 0)
        return 0.0;
    return row.meanA - row.meanB;
}

std::optional<GapGrid> findGrid(const QList<ItemValues>& items)
{
    qint64 runs = -1;
    GapGrid grid;
    for (const ItemValues& item : items) {
        if (item.a.isEmpty() || item.b.isEmpty())
            continue;
        if (runs < 0)
            runs = item.a.size();
        if (item.a.size() != runs || item.b.size() != runs)
            return std::nullopt;
        BigInt numerator = 0;
        for (double value : item.a) {
            if (!isGridInteger(value))
                return std::nullopt;
            numerator += static_cast<qint64>(value);
        }
        for (double value : item.b) {
            if (!isGridInteger(value))
                return std::nullopt;
            numerator -= static_cast<qint64>(value);
        }
        if (WideInteger::bitLength(numerator) > 62)
            return std::nullopt;
        grid.numerators.append(static_cast<qint64>(numerator));
    }
    if (runs <= 0)
        return std::nullopt;
    grid.runsPerCell = runs;
    grid.unit = 1.0 / static_cast<double>(runs);
    return grid;
}

} // namespace

PerItemTable PerItemTable::build(const QList<Observation>& observations, const QString& variantA,
                                 const QString& variantB, const QStringList& itemOrder)
{
    QList<ItemValues> items;
    QHash<QString, qsizetype> indexOf;
    auto slotFor = [&](const QString& itemId) -> ItemValues& {
        auto found = indexOf.constFind(itemId);
        if (found != indexOf.constEnd())
            return items[*found];
        indexOf.insert(itemId, items.size());
        items.append(ItemValues{itemId, {}, {}, 0, 0});
        return items.last();
    };
    for (const QString& itemId : itemOrder)
        slotFor(itemId);
    for (const Observation& observation : observations) {
        const bool isA = observation.variant == variantA;
        if (!isA && observation.variant != variantB)
            continue;
        ItemValues& item = slotFor(observation.itemId);
        const bool usable = observation.value.has_value() && std::isfinite(*observation.value);
        if (usable)
            (isA ? item.a : item.b).append(*observation.value);
        else
            ++(isA ? item.failedA : item.failedB);
    }

    PerItemTable table;
    table.m_variantA = variantA;
    table.m_variantB = variantB;
    table.m_rows.reserve(items.size());
    for (const ItemValues& item : items) {
        PerItemRow row;
        row.itemId = item.itemId;
        row.runsA = static_cast<int>(item.a.size());
        row.runsB = static_cast<int>(item.b.size());
        row.failedA = item.failedA;
        row.failedB = item.failedB;
        if (!item.a.isEmpty())
            row.meanA = ExactMoments::mean(item.a);
        if (!item.b.isEmpty())
            row.meanB = ExactMoments::mean(item.b);
        row.sdA = ExactMoments::sampleStandardDeviation(item.a);
        row.sdB = ExactMoments::sampleStandardDeviation(item.b);
        row.comparable = !item.a.isEmpty() && !item.b.isEmpty();
        if (row.comparable)
            row.gap = gapOf(item, row);
        else
            row.reason = missingReason(item, variantA, variantB);
        table.m_rows.append(row);
    }
    table.m_grid = findGrid(items);
    return table;
}

QList<double> PerItemTable::gaps() const
{
    QList<double> result;
    for (const PerItemRow& row : m_rows) {
        if (row.comparable)
            result.append(row.gap);
    }
    return result;
}

QStringList PerItemTable::comparableItemIds() const
{
    QStringList result;
    for (const PerItemRow& row : m_rows) {
        if (row.comparable)
            result.append(row.itemId);
    }
    return result;
}

int PerItemTable::comparableCount() const
{
    int count = 0;
    for (const PerItemRow& row : m_rows)
        count += row.comparable ? 1 : 0;
    return count;
}

ScoredRuns PerItemTable::scoredRunsPerValue() const
{
    ScoredRuns runs;
    bool first = true;
    for (const PerItemRow& row : m_rows) {
        if (!row.comparable)
            continue;
        const auto [fewest, most] = std::minmax(row.runsA, row.runsB);
        runs.fewest = first ? fewest : std::min(runs.fewest, fewest);
        runs.most = std::max(runs.most, most);
        first = false;
    }
    return runs;
}

double PerItemTable::averageGap() const
{
    return ExactMoments::mean(gaps());
}

std::optional<double> PerItemTable::gridUnit() const
{
    if (!m_grid)
        return std::nullopt;
    return m_grid->unit;
}

} // namespace pb

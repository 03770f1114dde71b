#pragma once

#include "stats/GapGrid.h"
#include "stats/Observation.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <limits>
#include <optional>

namespace pb {

// One item's row: A and B summarised separately, gap = meanA - meanB.
struct PerItemRow
{
    QString itemId;
    double meanA = std::numeric_limits<double>::quiet_NaN();
    double meanB = std::numeric_limits<double>::quiet_NaN();
    double gap = std::numeric_limits<double>::quiet_NaN();
    double sdA = std::numeric_limits<double>::quiet_NaN(); // sample SD, NaN below two runs
    double sdB = std::numeric_limits<double>::quiet_NaN();
    int runsA = 0; // values used
    int runsB = 0;
    int failedA = 0; // failed or flagged calls, excluded
    int failedB = 0;
    bool comparable = false; // both sides have at least one used value
    QString reason;          // why the item is not comparable; empty when it is
};

// How many runs the metric could score, per item and value, over the compared items: the
// fewest and the most (0 and 0 when no item is compared).
struct ScoredRuns
{
    int fewest = 0;
    int most = 0;
};

// The disaggregated result: one row per item, the per-item gaps and their average, computed
// as the tutorial's per_item_table does (Python-exact means, gap by double subtraction).
// A gap is exactly +0 when the two means are equal over the decimals the values were written
// as (DecimalValues), so every test that drops zero gaps sees the same zeros.
class PerItemTable
{
public:
    PerItemTable() = default;

    // Rows follow itemOrder, then items seen only in the observations in order of first
    // appearance. Items listed in itemOrder without observations are kept, not comparable.
    // Observations of other variants are ignored; empty or non-finite values count as failed.
    static PerItemTable build(const QList<Observation>& observations, const QString& variantA,
                              const QString& variantB, const QStringList& itemOrder = {});

    QString variantA() const { return m_variantA; }
    QString variantB() const { return m_variantB; }
    const QList<PerItemRow>& rows() const { return m_rows; }

    // Gaps of the comparable rows, in row order: the input of the sign-flip test.
    QList<double> gaps() const;
    QStringList comparableItemIds() const;
    int comparableCount() const;
    ScoredRuns scoredRunsPerValue() const;
    // Exact mean of gaps(); NaN when no item is comparable.
    double averageGap() const;

    // 1/R when every used value is an integer and every comparable cell has R used runs.
    std::optional<double> gridUnit() const;
    // The grid with per-item integer numerators (sum A - sum B), for exact counting.
    std::optional<GapGrid> gapGrid() const { return m_grid; }

private:
    QString m_variantA;
    QString m_variantB;
    QList<PerItemRow> m_rows;
    std::optional<GapGrid> m_grid;
};

} // namespace pb

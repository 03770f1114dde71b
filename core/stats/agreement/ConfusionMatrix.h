#pragma once

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// Two raters' levels for the same units, cross-tabulated over an ordered level set: rows are
// the first rater's levels, columns the second's, both in the set's order. A unit that either
// rater left unscored is left out of the table (pairwise exclusion) and counted in excluded(),
// so every statistic is over the units both scored and the report can say how many were not.
// Every level of the set has a row and a column, used or not, so tables of the same rubric
// line up and weighted kappa measures distance on the rubric's scale, not the observed one.
class ConfusionMatrix
{
public:
    struct Cell
    {
        int firstLevel = 0;
        int secondLevel = 0;
        qint64 count = 0;

        bool operator==(const Cell&) const = default;
    };

    ConfusionMatrix() = default;

    // levels: ascending and distinct (1..4 for a rubric). first[u] and second[u] are the two
    // raters' levels for unit u; std::nullopt is "not scored". Lists of different lengths,
    // or a level outside the set, are an error naming the unit (1-based) and the level.
    static std::optional<ConfusionMatrix> fromRatings(const QList<int>& levels,
                                                      const QList<std::optional<int>>& first,
                                                      const QList<std::optional<int>>& second,
                                                      QString* error);
    // A table given as counts (rows: first rater), as published examples give them.
    static std::optional<ConfusionMatrix> fromCounts(const QList<int>& levels,
                                                     const QList<QList<qint64>>& counts,
                                                     qint64 excluded, QString* error);

    const QList<int>& levels() const { return m_levels; }
    qsizetype size() const { return m_levels.size(); }
    qint64 count(qsizetype row, qsizetype column) const;
    qint64 rowTotal(qsizetype row) const;
    qint64 columnTotal(qsizetype column) const;
    qint64 total() const { return m_total; }       // units both raters scored
    qint64 agreements() const;                     // the diagonal: same level from both
    qint64 excluded() const { return m_excluded; } // units at least one rater left unscored

    // 100 * agreements / total; none when no unit was scored by both.
    std::optional<double> percentAgreement() const;
    // The off-diagonal cell with the highest count; on a tie the first in row-major order
    // (lowest first-rater level, then lowest second-rater level). None without disagreement.
    std::optional<Cell> mostFrequentDisagreement() const;

    bool operator==(const ConfusionMatrix&) const = default;

private:
    QList<int> m_levels;
    QList<qint64> m_counts; // row-major, size() * size()
    qint64 m_total = 0;
    qint64 m_excluded = 0;
};

} // namespace pb

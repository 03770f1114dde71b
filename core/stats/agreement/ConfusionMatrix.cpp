#include "stats/agreement/ConfusionMatrix.h"

#include <algorithm>

namespace pb {

namespace {

bool validLevels(const QList<int>& levels, QString* error)
{
    if (levels.isEmpty()) {
        *error = QStringLiteral("the level set is empty");
        return false;
    }
    for (qsizetype i = 1; i < levels.size(); ++i) {
        if (levels.at(i) <= levels.at(i - 1)) {
            *error = QStringLiteral("the levels must be ascending and distinct");
            return false;
        }
    }
    return true;
}

} // namespace

std::optional<ConfusionMatrix> ConfusionMatrix::fromRatings(const QList<int>& levels,
                                                            const QList<std::optional<int>>& first,
                                                            const QList<std::optional<int>>& second,
                                                            QString* error)
{
    if (!validLevels(levels, error))
        return std::nullopt;
    if (first.size() != second.size()) {
        *error = QStringLiteral("the raters scored different numbers of units (%1 and %2)")
                     .arg(first.size())
                     .arg(second.size());
        return std::nullopt;
    }
    ConfusionMatrix m;
    m.m_levels = levels;
    m.m_counts = QList<qint64>(levels.size() * levels.size(), 0);
    for (qsizetype u = 0; u < first.size(); ++u) {
        if (!first.at(u) || !second.at(u)) {
            ++m.m_excluded;
            continue;
        }
        const qsizetype row = levels.indexOf(*first.at(u));
        const qsizetype column = levels.indexOf(*second.at(u));
        if (row < 0 || column < 0) {
            *error = QStringLiteral("unit %1: level %2 is not on the scale")
                         .arg(u + 1)
                         .arg(row < 0 ? *first.at(u) : *second.at(u));
            return std::nullopt;
        }
        ++m.m_counts[row * levels.size() + column];
        ++m.m_total;
    }
    return m;
}

std::optional<ConfusionMatrix> ConfusionMatrix::fromCounts(const QList<int>& levels,
                                                           const QList<QList<qint64>>& counts,
                                                           qint64 excluded, QString* error)
{
    if (!validLevels(levels, error))
        return std::nullopt;
    if (counts.size() != levels.size()) {
        *error = QStringLiteral("%1 rows for %2 levels").arg(counts.size()).arg(levels.size());
        return std::nullopt;
    }
    ConfusionMatrix m;
    m.m_levels = levels;
    m.m_excluded = excluded;
    for (qsizetype r = 0; r < counts.size(); ++r) {
        if (counts.at(r).size() != levels.size()) {
            *error = QStringLiteral("row %1 has %2 counts for %3 levels")
                         .arg(r + 1)
                         .arg(counts.at(r).size())
                         .arg(levels.size());
            return std::nullopt;
        }
        for (qint64 c : counts.at(r)) {
            if (c < 0) {
                *error = QStringLiteral("row %1 has a negative count").arg(r + 1);
                return std::nullopt;
            }
            m.m_counts << c;
            m.m_total += c;
        }
    }
    return m;
}

qint64 ConfusionMatrix::count(qsizetype row, qsizetype column) const
{
    return m_counts.at(row * size() + column);
}

qint64 ConfusionMatrix::rowTotal(qsizetype row) const
{
    qint64 sum = 0;
    for (qsizetype c = 0; c < size(); ++c)
        sum += count(row, c);
    return sum;
}

qint64 ConfusionMatrix::columnTotal(qsizetype column) const
{
    qint64 sum = 0;
    for (qsizetype r = 0; r < size(); ++r)
        sum += count(r, column);
    return sum;
}

qint64 ConfusionMatrix::agreements() const
{
    qint64 sum = 0;
    for (qsizetype i = 0; i < size(); ++i)
        sum += count(i, i);
    return sum;
}

std::optional<double> ConfusionMatrix::percentAgreement() const
{
    if (m_total == 0)
        return std::nullopt;
    return 100.0 * double(agreements()) / double(m_total);
}

std::optional<ConfusionMatrix::Cell> ConfusionMatrix::mostFrequentDisagreement() const
{
    std::optional<Cell> best;
    for (qsizetype r = 0; r < size(); ++r) {
        for (qsizetype c = 0; c < size(); ++c) {
            const qint64 n = count(r, c);
            if (r == c || n == 0 || (best && n <= best->count))
                continue;
            best = Cell{m_levels.at(r), m_levels.at(c), n};
        }
    }
    return best;
}

} // namespace pb

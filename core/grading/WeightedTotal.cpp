#include "grading/WeightedTotal.h"

#include <cmath>

namespace pb {

QString WeightedTotal::text() const
{
    const qint64 whole = tenths / 10;
    const qint64 tenth = tenths % 10;
    const QString sign = tenths < 0 ? QStringLiteral("-") : QString();
    return sign + QString::number(std::abs(whole)) + QLatin1Char('.') +
           QString::number(std::abs(tenth));
}

qint64 WeightedTotal::roundedTenths(qint64 weightLevelSum)
{
    const qint64 twice = 5 * weightLevelSum; // twice the total in tenths
    return twice >= 0 ? (twice + 1) / 2 : -((-twice + 1) / 2);
}

std::optional<WeightedTotal> WeightedTotal::of(const Rubric& rubric,
                                               const QList<std::optional<int>>& levels)
{
    if (levels.size() != rubric.criteria.size())
        return std::nullopt;
    WeightedTotal t;
    for (qsizetype i = 0; i < levels.size(); ++i) {
        const std::optional<int>& level = levels.at(i);
        if (!level || *level < Rubric::kLowestLevel || *level > Rubric::kHighestLevel)
            return std::nullopt;
        t.weightLevelSum += std::llround(rubric.criteria.at(i).weight) * *level;
    }
    t.tenths = roundedTenths(t.weightLevelSum);
    return t;
}

} // namespace pb

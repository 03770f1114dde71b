#include "judge/Rubric.h"

namespace pb {

QStringList Rubric::ids() const
{
    QStringList out;
    for (const RubricCriterion& c : criteria)
        out << c.id;
    return out;
}

const RubricCriterion* Rubric::criterion(const QString& id) const
{
    for (const RubricCriterion& c : criteria) {
        if (c.id == id)
            return &c;
    }
    return nullptr;
}

qsizetype Rubric::indexOf(const QString& id) const
{
    for (qsizetype i = 0; i < criteria.size(); ++i) {
        if (criteria.at(i).id == id)
            return i;
    }
    return -1;
}

QString Rubric::verdictText(int value) const
{
    if (scale == RubricScale::PassFail)
        return value == 1 ? QStringLiteral("pass") : QStringLiteral("fail");
    return QString::number(value);
}

std::optional<int> Rubric::verdictFromText(const QString& text) const
{
    if (scale == RubricScale::PassFail) {
        if (text == QLatin1String("pass"))
            return 1;
        if (text == QLatin1String("fail"))
            return 0;
        return std::nullopt;
    }
    bool ok = false;
    const int level = text.toInt(&ok);
    if (!ok || !isValidVerdict(level))
        return std::nullopt;
    return level;
}

bool Rubric::isValidVerdict(int value) const
{
    if (scale == RubricScale::PassFail)
        return value == 0 || value == 1;
    return value >= kLowestLevel && value <= kHighestLevel;
}

double Rubric::weightedPoints(const RubricCriterion& criterion, int value) const
{
    if (scale == RubricScale::PassFail)
        return value == 1 ? criterion.weight : 0.0;
    return criterion.weight * (double(value) / kHighestLevel);
}

QString Rubric::scaleName(RubricScale scale)
{
    return scale == RubricScale::PassFail ? QStringLiteral("pass_fail") : QStringLiteral("levels");
}

std::optional<RubricScale> Rubric::scaleFromName(const QString& name)
{
    if (name == QLatin1String("levels"))
        return RubricScale::Levels;
    if (name == QLatin1String("pass_fail"))
        return RubricScale::PassFail;
    return std::nullopt;
}

} // namespace pb

#include "report/DistanceComparisonJson.h"

#include "report/StatisticJson.h"

namespace pb::DistanceComparisonJson {

QJsonObject toJson(const detection::DistanceVerdict& v, const QString& stem)
{
    const auto key = [&stem](const char* before, const char* after) {
        return QString(QLatin1String(before) + stem + QLatin1String(after));
    };
    if (v.deterministic) {
        const detection::DeterministicDifference& d = v.difference;
        if (!d.valid)
            return {{QStringLiteral("path"), QStringLiteral("deterministic")},
                    {QStringLiteral("refusal"), QString::fromStdString(d.refusal)}};
        return {{QStringLiteral("path"), QStringLiteral("deterministic")},
                {QStringLiteral("stable"), d.stable},
                {QStringLiteral("largest_null"), jsonNumber(d.largestNull)},
                {QStringLiteral("differs"), d.differs},
                {key("mean_", ""), jsonNumber(d.meanCounterfactual)},
                {key("largest_", ""), jsonNumber(d.largestCounterfactual)},
                {QStringLiteral("items"), d.counterfactualCount}};
    }
    const detection::DistanceComparisonResult& c = v.comparison;
    if (!c.valid)
        return {{QStringLiteral("path"), QStringLiteral("noise-floor")},
                {QStringLiteral("refusal"), QString::fromStdString(c.refusal)}};
    const detection::EffectAgainstNoise& e = c.effect;
    return {{QStringLiteral("path"), QStringLiteral("noise-floor")},
            {QStringLiteral("effect"), jsonNumber(e.effect)},
            {key("mean_", ""), jsonNumber(e.meanCounterfactual)},
            {key("mean_", "_same_vs_same"), jsonNumber(e.meanNull)},
            {key("sd_", "_same_vs_same"), jsonNumber(e.sdNull)},
            {QStringLiteral("scale"), jsonNumber(e.scale)},
            {QStringLiteral("floor_applied"), e.floorApplied},
            {QStringLiteral("interval"),
             QJsonObject{{QStringLiteral("method"), QStringLiteral("stratified BCa bootstrap")},
                         {QStringLiteral("lower"), jsonNumber(e.lower)},
                         {QStringLiteral("upper"), jsonNumber(e.upper)},
                         {QStringLiteral("level"), e.level},
                         {QStringLiteral("resamples"), e.resamples},
                         {QStringLiteral("seed"), QString::number(e.seed)}}},
            {QStringLiteral("mean_difference"), jsonNumber(c.meanDifference)},
            // One-sided: absent when the distances do not sit above the noise (it is then at
            // least 1/2 and not computed).
            {QStringLiteral("p"), c.above() ? jsonNumber(c.p) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("p_two_sided"), jsonNumber(c.paired.p)},
            {QStringLiteral("p_method"),
             QString(QStringLiteral("paired sign-flip, one-sided, ") + c.paired.methodName())},
            {QStringLiteral("minimum_detectable_difference"),
             c.detectable.valid ? jsonNumber(c.detectable.gap) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("items"), c.items}};
}

} // namespace pb::DistanceComparisonJson

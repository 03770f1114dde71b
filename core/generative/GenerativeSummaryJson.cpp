#include "generative/GenerativeSummaryJson.h"

#include "report/DistanceComparisonJson.h"
#include "report/StatisticJson.h"

#include <QJsonArray>

namespace pb {

namespace {

QJsonValue optionalNumber(bool present, double value)
{
    return present ? jsonNumber(value) : QJsonValue(QJsonValue::Null);
}

} // namespace

QJsonObject GenerativeSummaryJson::build(const ReportContext& c, const GenerativeAnalysis& a)
{
    QJsonArray items;
    const bool withEffect = !a.deterministic() && a.verdict.comparison.valid;
    for (const GenerativeItemResult& r : a.items) {
        items.append(QJsonObject{
            {QStringLiteral("item"), r.itemId},
            {QStringLiteral("embedded"),
             QJsonObject{{QStringLiteral("a"), r.embeddedA},
                         {QStringLiteral("b"), r.embeddedB},
                         {QStringLiteral("same_vs_same"), r.embeddedNoise}}},
            {QStringLiteral("pairs"), r.counterfactualPairs},
            {QStringLiteral("pairs_same_vs_same"), r.nullPairs},
            {QStringLiteral("comparable"), r.comparable},
            {QStringLiteral("reason"), r.reason},
            {QStringLiteral("distance"), optionalNumber(r.comparable, r.distance)},
            {QStringLiteral("distance_same_vs_same"),
             optionalNumber(r.comparable, r.noiseDistance)},
            {QStringLiteral("difference"), optionalNumber(r.comparable, r.difference)},
            {QStringLiteral("effect"), optionalNumber(r.comparable && withEffect, r.effect)},
        });
    }
    QJsonObject flags;
    for (const auto& [flag, count] : a.flags)
        flags.insert(flag, count);
    QJsonObject out{
        {QStringLiteral("format"), QLatin1String(kFormat)},
        {QStringLiteral("mode"), QStringLiteral("generative")},
        {QStringLiteral("estimator"),
         QStringLiteral("cosine distance of embeddings against same-vs-same")},
        {QStringLiteral("embedding_model"), a.embeddingModel},
        {QStringLiteral("dimensions"), a.dimensions},
        {QStringLiteral("embedding_digests"), QJsonArray::fromStringList(a.embeddingDigests)},
        {QStringLiteral("title"), c.title},
        {QStringLiteral("source"), c.source},
        {QStringLiteral("attribute"), c.attributeName},
        {QStringLiteral("value_a"), a.valueA},
        {QStringLiteral("value_b"), a.valueB},
        {QStringLiteral("metric"), a.metricName},
        {QStringLiteral("models"), QJsonArray::fromStringList(c.models)},
        {QStringLiteral("temperature"), a.temperature},
        {QStringLiteral("per_item"), items},
        {QStringLiteral("effect"),
         DistanceComparisonJson::toJson(a.verdict, QStringLiteral("distance"))},
        {QStringLiteral("result"), a.resultName()},
        {QStringLiteral("detected"), a.detected()},
        {QStringLiteral("alpha"), GenerativeAnalysis::kAlpha},
        {QStringLiteral("calls_made"), a.callsLogged},
        {QStringLiteral("calls_failed"), a.callsFailed},
        {QStringLiteral("calls_embedded"), a.callsEmbedded},
        {QStringLiteral("calls_flagged"), a.callsFlagged},
        {QStringLiteral("flags"), flags},
    };
    if (c.cost)
        out.insert(QStringLiteral("tokens"), c.cost->toJson());
    if (c.evidence)
        out.insert(QStringLiteral("evidence"), c.evidence->toJson());
    return out;
}

} // namespace pb

#include "generative/GenerativeSummaryJson.h"

#include "report/StatisticJson.h"

#include <QJsonArray>

namespace pb {

namespace {

QJsonValue optionalNumber(bool present, double value)
{
    return present ? jsonNumber(value) : QJsonValue(QJsonValue::Null);
}

} // namespace

QJsonObject GenerativeSummaryJson::verdictJson(const detection::DistanceVerdict& v)
{
    if (v.deterministic) {
        const detection::DeterministicDifference& d = v.difference;
        if (!d.valid)
            return {{QStringLiteral("path"), QStringLiteral("deterministic")},
                    {QStringLiteral("refusal"), QString::fromStdString(d.refusal)}};
        return {{QStringLiteral("path"), QStringLiteral("deterministic")},
                {QStringLiteral("stable"), d.stable},
                {QStringLiteral("largest_null"), jsonNumber(d.largestNull)},
                {QStringLiteral("differs"), d.differs},
                {QStringLiteral("mean_distance"), jsonNumber(d.meanCounterfactual)},
                {QStringLiteral("largest_distance"), jsonNumber(d.largestCounterfactual)},
                {QStringLiteral("items"), d.counterfactualCount}};
    }
    const detection::DistanceComparisonResult& c = v.comparison;
    if (!c.valid)
        return {{QStringLiteral("path"), QStringLiteral("noise-floor")},
                {QStringLiteral("refusal"), QString::fromStdString(c.refusal)}};
    const detection::EffectAgainstNoise& e = c.effect;
    return {{QStringLiteral("path"), QStringLiteral("noise-floor")},
            {QStringLiteral("effect"), jsonNumber(e.effect)},
            {QStringLiteral("mean_distance"), jsonNumber(e.meanCounterfactual)},
            {QStringLiteral("mean_distance_same_vs_same"), jsonNumber(e.meanNull)},
            {QStringLiteral("sd_distance_same_vs_same"), jsonNumber(e.sdNull)},
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
            {QStringLiteral("p"), c.above() ? jsonNumber(c.p) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("p_two_sided"), jsonNumber(c.paired.p)},
            {QStringLiteral("p_method"),
             QString(QStringLiteral("paired sign-flip, one-sided, ") + c.paired.methodName())},
            {QStringLiteral("items"), c.items}};
}

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
        {QStringLiteral("effect"), verdictJson(a.verdict)},
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

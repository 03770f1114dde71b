#include "choice/ChoiceSummaryJson.h"

#include "report/StatisticJson.h"

#include <QJsonArray>

namespace pb {

namespace {

QJsonValue armJson(const ChoiceArmDistribution& arm)
{
    if (!arm.valid)
        return QJsonObject{{QStringLiteral("probabilities"), QJsonValue(QJsonValue::Null)},
                           {QStringLiteral("calls"), arm.calls},
                           {QStringLiteral("failed"), arm.failed}};
    QJsonArray p;
    for (double value : arm.probabilities)
        p.append(jsonNumber(value));
    return QJsonObject{{QStringLiteral("probabilities"), p},
                       {QStringLiteral("outside_mass"), jsonNumber(arm.outsideMass)},
                       {QStringLiteral("calls"), arm.calls},
                       {QStringLiteral("failed"), arm.failed}};
}

QJsonValue optionalNumber(bool present, double value)
{
    return present ? jsonNumber(value) : QJsonValue(QJsonValue::Null);
}

QJsonValue effectJson(const ChoiceAnalysis& a)
{
    if (a.deterministic()) {
        const detection::DeterministicDifference& d = a.difference;
        if (!d.valid)
            return QJsonObject{{QStringLiteral("path"), QStringLiteral("deterministic")},
                               {QStringLiteral("refusal"), QString::fromStdString(d.refusal)}};
        return QJsonObject{{QStringLiteral("path"), QStringLiteral("deterministic")},
                           {QStringLiteral("stable"), d.stable},
                           {QStringLiteral("largest_null"), jsonNumber(d.largestNull)},
                           {QStringLiteral("differs"), d.differs},
                           {QStringLiteral("mean_js"), jsonNumber(d.meanCounterfactual)},
                           {QStringLiteral("largest_js"), jsonNumber(d.largestCounterfactual)},
                           {QStringLiteral("items"), d.counterfactualCount}};
    }
    const detection::DistanceComparisonResult& c = a.comparison;
    if (!c.valid)
        return QJsonObject{{QStringLiteral("path"), QStringLiteral("noise-floor")},
                           {QStringLiteral("refusal"), QString::fromStdString(c.refusal)}};
    const detection::EffectAgainstNoise& e = c.effect;
    return QJsonObject{
        {QStringLiteral("path"), QStringLiteral("noise-floor")},
        {QStringLiteral("effect"), jsonNumber(e.effect)},
        {QStringLiteral("mean_js"), jsonNumber(e.meanCounterfactual)},
        {QStringLiteral("mean_js_same_vs_same"), jsonNumber(e.meanNull)},
        {QStringLiteral("sd_js_same_vs_same"), jsonNumber(e.sdNull)},
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
        {QStringLiteral("p"), optionalNumber(c.above(), c.p)},
        {QStringLiteral("p_two_sided"), jsonNumber(c.paired.p)},
        {QStringLiteral("p_method"),
         QString(QStringLiteral("paired sign-flip, one-sided, ") + c.paired.methodName())},
        {QStringLiteral("items"), c.items}};
}

} // namespace

QJsonObject ChoiceSummaryJson::build(const ReportContext& c, const ChoiceAnalysis& a)
{
    QJsonArray items;
    const bool withEffect = !a.deterministic() && a.comparison.valid;
    for (const ChoiceItemResult& r : a.items) {
        items.append(QJsonObject{
            {QStringLiteral("item"), r.itemId},
            {QStringLiteral("a"), armJson(r.a)},
            {QStringLiteral("b"), armJson(r.b)},
            {QStringLiteral("same_vs_same"), armJson(r.noise)},
            {QStringLiteral("comparable"), r.comparable},
            {QStringLiteral("reason"), r.reason},
            {QStringLiteral("js"), optionalNumber(r.comparable, r.divergence)},
            {QStringLiteral("js_same_vs_same"), optionalNumber(r.comparable, r.noiseDivergence)},
            {QStringLiteral("effect"), optionalNumber(r.comparable && withEffect, r.effect)},
        });
    }
    QJsonObject out{
        {QStringLiteral("format"), QLatin1String(kFormat)},
        {QStringLiteral("mode"), QStringLiteral("choice")},
        {QStringLiteral("estimator"), QStringLiteral("jensen-shannon bits against same-vs-same")},
        {QStringLiteral("title"), c.title},
        {QStringLiteral("source"), c.source},
        {QStringLiteral("attribute"), c.attributeName},
        {QStringLiteral("value_a"), a.valueA},
        {QStringLiteral("value_b"), a.valueB},
        {QStringLiteral("metric"), a.metricName},
        {QStringLiteral("candidates"), QJsonArray::fromStringList(a.candidates)},
        {QStringLiteral("models"), QJsonArray::fromStringList(c.models)},
        {QStringLiteral("temperature"), a.temperature},
        {QStringLiteral("distribution_source"), choiceSourceName(a.source)},
        {QStringLiteral("sampled_because"), QJsonArray::fromStringList(a.fallbackNotes)},
        {QStringLiteral("per_item"), items},
        {QStringLiteral("effect"), effectJson(a)},
        {QStringLiteral("result"), a.resultName()},
        {QStringLiteral("detected"), a.detected()},
        {QStringLiteral("alpha"), ChoiceAnalysis::kAlpha},
        {QStringLiteral("calls_made"), a.callsLogged},
        {QStringLiteral("calls_failed"), a.callsFailed},
        {QStringLiteral("calls_with_logprobs"), a.callsWithLogprobs},
        {QStringLiteral("calls_sampled"), a.callsSampled},
        {QStringLiteral("calls_unread"), a.callsUnread},
    };
    if (c.cost)
        out.insert(QStringLiteral("tokens"), c.cost->toJson());
    if (c.evidence)
        out.insert(QStringLiteral("evidence"), c.evidence->toJson());
    return out;
}

} // namespace pb

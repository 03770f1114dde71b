#include "choice/ChoiceSummaryJson.h"

#include "report/DistanceComparisonJson.h"
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
        {QStringLiteral("effect"),
         DistanceComparisonJson::toJson(a.verdict(), QStringLiteral("js"))},
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

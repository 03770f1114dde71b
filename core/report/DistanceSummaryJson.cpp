#include "report/DistanceSummaryJson.h"

#include "report/DistanceComparisonJson.h"
#include "report/StatisticJson.h"
#include "report/SummaryJson.h"

#include <QJsonArray>

namespace pb::DistanceSummaryJson {

namespace {

QJsonValue optionalNumber(bool present, double value)
{
    return present ? jsonNumber(value) : QJsonValue(QJsonValue::Null);
}

void insertAll(QJsonObject* into, const QJsonObject& keys)
{
    for (auto it = keys.begin(); it != keys.end(); ++it)
        into->insert(it.key(), it.value());
}

} // namespace

QJsonObject build(const ReportContext& c, const DistanceRunFacts& facts,
                  const detection::DistanceVerdict& v, const Mode& mode,
                  const QList<DistanceItem>& items, const QList<QJsonObject>& ownPerItem,
                  const QJsonObject& own)
{
    QJsonArray perItem;
    const bool withEffect = v.hasItemEffects();
    for (qsizetype i = 0; i < items.size(); ++i) {
        const DistanceItem& r = items[i];
        QJsonObject item{
            {QStringLiteral("item"), r.itemId},
            {QStringLiteral("comparable"), r.comparable},
            {QStringLiteral("reason"), r.reason},
            {mode.stem, optionalNumber(r.comparable, r.counterfactual)},
            {mode.stem + QStringLiteral("_same_vs_same"), optionalNumber(r.comparable, r.null)},
            {QStringLiteral("effect"), optionalNumber(r.comparable && withEffect, r.effect)},
        };
        insertAll(&item, ownPerItem.value(i));
        perItem.append(item);
    }
    QJsonObject out{
        {QStringLiteral("format"), mode.format},
        {QStringLiteral("mode"), mode.mode},
        {QStringLiteral("estimator"), mode.estimator},
        {QStringLiteral("temperature"), facts.temperature},
        {QStringLiteral("per_item"), perItem},
        {QStringLiteral("effect"), DistanceComparisonJson::toJson(v, mode.stem)},
        {QStringLiteral("result"), QString::fromLatin1(v.resultName())},
        {QStringLiteral("detected"), v.detected()},
        {QStringLiteral("alpha"), DistanceRunFacts::kAlpha},
        {QStringLiteral("calls_made"), facts.callsLogged},
        {QStringLiteral("calls_failed"), facts.callsFailed},
    };
    SummaryJson::addHeading(&out, c, facts.valueA, facts.valueB, facts.metricName);
    insertAll(&out, own);
    SummaryJson::addRunRecord(&out, c);
    return out;
}

} // namespace pb::DistanceSummaryJson

#include "choice/ChoiceSummaryJson.h"

#include "report/DistanceSummaryJson.h"
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

} // namespace

QJsonObject ChoiceSummaryJson::build(const ReportContext& c, const ChoiceAnalysis& a)
{
    QList<QJsonObject> arms;
    for (const ChoiceItemResult& r : a.items)
        arms.append({{QStringLiteral("a"), armJson(r.a)},
                     {QStringLiteral("b"), armJson(r.b)},
                     {QStringLiteral("same_vs_same"), armJson(r.noise)}});
    return DistanceSummaryJson::build(
        c, a, a.verdict(),
        {QLatin1String(kFormat), QStringLiteral("choice"),
         QStringLiteral("jensen-shannon bits against same-vs-same"), QStringLiteral("js")},
        a.distanceItems(), arms,
        {{QStringLiteral("candidates"), QJsonArray::fromStringList(a.candidates)},
         {QStringLiteral("distribution_source"), choiceSourceName(a.source)},
         {QStringLiteral("sampled_because"), QJsonArray::fromStringList(a.fallbackNotes)},
         {QStringLiteral("calls_with_logprobs"), a.callsWithLogprobs},
         {QStringLiteral("calls_sampled"), a.callsSampled},
         {QStringLiteral("calls_unread"), a.callsUnread}});
}

} // namespace pb

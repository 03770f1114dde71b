#include "report/SummaryJson.h"

#include "report/StatisticJson.h"

#include <QJsonArray>

namespace pb {
namespace {

// null when there is none (one item, no spread): never a zero-width interval.
QJsonValue intervalJson(const GapInterval& i)
{
    if (!i.valid) {
        return QJsonValue(QJsonValue::Null);
    }
    return QJsonObject{{QStringLiteral("method"), QStringLiteral("t over items")},
                       {QStringLiteral("lower"), jsonNumber(i.lower)},
                       {QStringLiteral("upper"), jsonNumber(i.upper)},
                       {QStringLiteral("level"), i.level},
                       {QStringLiteral("items"), i.items},
                       {QStringLiteral("degrees_of_freedom"), i.degreesOfFreedom},
                       {QStringLiteral("standard_error"), jsonNumber(i.standardError)}};
}

// null when the design gives none (fewer than two items, no spread).
QJsonValue detectableJson(const detection::DetectableEffect& d)
{
    if (!d.valid) {
        return QJsonValue(QJsonValue::Null);
    }
    return QJsonObject{{QStringLiteral("gap"), jsonNumber(d.gap)},
                       {QStringLiteral("standardized"), jsonNumber(d.standardized)},
                       {QStringLiteral("alpha"), ProbeAnalysis::kAlpha},
                       {QStringLiteral("power"), 0.8},
                       {QStringLiteral("test"), QStringLiteral("one-sample t on item gaps")}};
}

QJsonObject gapJson(const GapAnalysis& g)
{
    QJsonArray items;
    for (const PerItemRow& r : g.table.rows()) {
        items.append(QJsonObject{
            {QStringLiteral("item"), r.itemId},
            {QStringLiteral("mean_a"), jsonNumber(r.meanA)},
            {QStringLiteral("mean_b"), jsonNumber(r.meanB)},
            {QStringLiteral("gap"), jsonNumber(r.gap)},
            {QStringLiteral("runs_a"), r.runsA},
            {QStringLiteral("runs_b"), r.runsB},
            {QStringLiteral("failed_a"), r.failedA},
            {QStringLiteral("failed_b"), r.failedB},
            {QStringLiteral("comparable"), r.comparable},
        });
    }
    const SignTestResult& st = g.signTest;
    QJsonObject result{
        {QStringLiteral("items"), items},
        {QStringLiteral("average_gap"), jsonNumber(g.table.averageGap())},
        {QStringLiteral("sign_flip"), signFlipJson(g.signFlip)},
        {QStringLiteral("sign_test"), QJsonObject{{QStringLiteral("p"), jsonNumber(st.p)},
                                                  {QStringLiteral("n"), st.n},
                                                  {QStringLiteral("k"), st.k},
                                                  {QStringLiteral("zeros"), st.zeros}}},
    };
    result.insert(QStringLiteral("interval"), intervalJson(g.interval));
    result.insert(QStringLiteral("minimum_detectable_gap"), detectableJson(g.detectable));
    return result;
}

} // namespace

void SummaryJson::addHeading(QJsonObject* out, const ReportContext& c, const QString& valueA,
                             const QString& valueB, const QString& metric)
{
    out->insert(QStringLiteral("title"), c.title);
    out->insert(QStringLiteral("source"), c.source);
    out->insert(QStringLiteral("attribute"), c.attributeName);
    out->insert(QStringLiteral("value_a"), valueA);
    out->insert(QStringLiteral("value_b"), valueB);
    out->insert(QStringLiteral("metric"), metric);
    out->insert(QStringLiteral("models"), QJsonArray::fromStringList(c.models));
}

void SummaryJson::addRunRecord(QJsonObject* out, const ReportContext& c)
{
    if (c.cost) {
        out->insert(QStringLiteral("tokens"), c.cost->toJson());
    }
    if (c.evidence) {
        out->insert(QStringLiteral("evidence"), c.evidence->toJson());
    }
}

QJsonObject SummaryJson::build(const ReportContext& c, const ProbeAnalysis& a)
{
    QJsonObject out{
        {QStringLiteral("format"), QStringLiteral("probebench/summary@1")},
        // A choice probe's summary says "choice" (ChoiceSummaryJson): never read one as the other.
        {QStringLiteral("mode"), QStringLiteral("numeric")},
        {QStringLiteral("scored_runs_per_value"),
         QJsonObject{{QStringLiteral("fewest"), a.probe.table.scoredRunsPerValue().fewest},
                     {QStringLiteral("most"), a.probe.table.scoredRunsPerValue().most}}},
        {QStringLiteral("per_item"), gapJson(a.probe)},
        {QStringLiteral("average_gap"), jsonNumber(a.probe.table.averageGap())},
        // No item to compare is no result: no p, rather than the p = 1 of an empty test.
        {QStringLiteral("result"), a.detected()    ? QStringLiteral("detected")
                                   : a.hasResult() ? QStringLiteral("null")
                                                   : QStringLiteral("none")},
        {QStringLiteral("sign_flip_p"),
         a.hasResult() ? jsonNumber(a.probe.signFlip.p) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("sign_test_p"),
         a.hasResult() ? jsonNumber(a.probe.signTest.p) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("interval"), intervalJson(a.probe.interval)},
        {QStringLiteral("minimum_detectable_gap"), detectableJson(a.probe.detectable)},
        {QStringLiteral("detected"), a.detected()},
        {QStringLiteral("alpha"), ProbeAnalysis::kAlpha},
        {QStringLiteral("calls_made"), a.callsLogged},
        {QStringLiteral("calls_failed"), a.callsFailed},
        {QStringLiteral("replies_flagged"), a.repliesFlagged + a.repliesUnscored},
    };
    addHeading(&out, c, a.valueA, a.valueB, a.metricName);
    addRunRecord(&out, c);
    if (a.noise) {
        out.insert(QStringLiteral("same_vs_same"), gapJson(*a.noise));
        out.insert(QStringLiteral("same_vs_same_gap"), jsonNumber(a.noise->table.averageGap()));
        out.insert(QStringLiteral("same_vs_same_p"), jsonNumber(a.noise->signFlip.p));
    }
    return out;
}

} // namespace pb

#include "report/SummaryJson.h"

#include <QJsonArray>
#include <cmath>

namespace pb {
namespace {

QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

QJsonObject gapJson(const GapAnalysis& g)
{
    QJsonArray items;
    for (const PerItemRow& r : g.table.rows()) {
        items.append(QJsonObject{
            {QStringLiteral("item"), r.itemId},
            {QStringLiteral("mean_a"), number(r.meanA)},
            {QStringLiteral("mean_b"), number(r.meanB)},
            {QStringLiteral("gap"), number(r.gap)},
            {QStringLiteral("runs_a"), r.runsA},
            {QStringLiteral("runs_b"), r.runsB},
            {QStringLiteral("failed_a"), r.failedA},
            {QStringLiteral("failed_b"), r.failedB},
            {QStringLiteral("comparable"), r.comparable},
        });
    }
    const SignFlipResult& sf = g.signFlip;
    QJsonObject signFlip{
        {QStringLiteral("p"), number(sf.p)},
        {QStringLiteral("test"), QStringLiteral("sign-flip permutation, two-sided")},
        {QStringLiteral("method"), sf.methodName()},
        {QStringLiteral("exact"), sf.isExact()},
        {QStringLiteral("hits"), sf.hits},
    };
    if (sf.isExact()) {
        signFlip.insert(QStringLiteral("patterns_log2"), sf.patternsLog2);
    } else {
        signFlip.insert(QStringLiteral("samples"), double(sf.samples));
        signFlip.insert(QStringLiteral("standard_error"), number(sf.standardError));
    }
    const SignTestResult& st = g.signTest;
    QJsonObject result{
        {QStringLiteral("items"), items},
        {QStringLiteral("average_gap"), number(g.table.averageGap())},
        {QStringLiteral("sign_flip"), signFlip},
        {QStringLiteral("sign_test"), QJsonObject{{QStringLiteral("p"), number(st.p)},
                                                  {QStringLiteral("n"), st.n},
                                                  {QStringLiteral("k"), st.k},
                                                  {QStringLiteral("zeros"), st.zeros}}},
    };
    if (g.bootstrap.valid) {
        result.insert(QStringLiteral("bootstrap_ci"),
                      QJsonObject{{QStringLiteral("lower"), number(g.bootstrap.lower)},
                                  {QStringLiteral("upper"), number(g.bootstrap.upper)},
                                  {QStringLiteral("level"), g.bootstrap.level},
                                  {QStringLiteral("resamples"), g.bootstrap.resamples},
                                  {QStringLiteral("seed"), QString::number(g.bootstrap.seed)}});
    }
    return result;
}

} // namespace

QJsonObject SummaryJson::build(const ReportContext& c, const ProbeAnalysis& a)
{
    QJsonObject out{
        {QStringLiteral("format"), QStringLiteral("probebench/summary@1")},
        {QStringLiteral("title"), c.title},
        {QStringLiteral("source"), c.source},
        {QStringLiteral("attribute"), c.attributeName},
        {QStringLiteral("value_a"), a.valueA},
        {QStringLiteral("value_b"), a.valueB},
        {QStringLiteral("metric"), a.metricName},
        {QStringLiteral("models"), QJsonArray::fromStringList(c.models)},
        {QStringLiteral("runs_per_value"), a.runsPerValue()},
        {QStringLiteral("per_item"), gapJson(a.probe)},
        {QStringLiteral("average_gap"), number(a.probe.table.averageGap())},
        {QStringLiteral("sign_flip_p"), number(a.probe.signFlip.p)},
        {QStringLiteral("sign_test_p"), number(a.probe.signTest.p)},
        {QStringLiteral("detected"), a.detected()},
        {QStringLiteral("alpha"), ProbeAnalysis::kAlpha},
        {QStringLiteral("calls_made"), a.callsLogged},
        {QStringLiteral("calls_failed"), a.callsFailed},
        {QStringLiteral("replies_flagged"), a.repliesFlagged + a.repliesUnscored},
    };
    if (c.evidence) {
        out.insert(QStringLiteral("evidence"), c.evidence->toJson());
    }
    if (a.noise) {
        out.insert(QStringLiteral("same_vs_same"), gapJson(*a.noise));
        out.insert(QStringLiteral("same_vs_same_gap"), number(a.noise->table.averageGap()));
        out.insert(QStringLiteral("same_vs_same_p"), number(a.noise->signFlip.p));
    }
    return out;
}

} // namespace pb

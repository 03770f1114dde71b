#include "power/StandInExperiment.h"

#include "metrics/Metric.h"
#include "run/CallPlan.h"
#include "standin/StandInModel.h"

namespace pb {

QList<qint64> StandInExperiment::seedBlock(qint64 first, int count)
{
    QList<qint64> seeds;
    seeds.reserve(count);
    for (int k = 0; k < count; ++k) {
        seeds << first + k;
    }
    return seeds;
}

QList<LoggedCall> StandInExperiment::calls(const ProbeDocument& probe, const StandInTrial& trial)
{
    ProbeDocument doc = probe;
    doc.settings.backend = QStringLiteral("stand-in");
    doc.settings.plantedGap = trial.plantedGap;
    doc.settings.temperature = trial.temperature;
    doc.settings.seeds = trial.seeds;
    doc.noise.enabled = trial.noiseCheck;
    const QList<CallRequest> plan = CallPlan::build(doc);
    QList<LoggedCall> out;
    out.reserve(plan.size());
    for (const CallRequest& r : plan) {
        LoggedCall c;
        c.callIndex = r.callIndex;
        c.backend = doc.settings.backend;
        c.model = r.model;
        c.temperature = r.temperature;
        c.itemIndex = r.itemIndex;
        c.itemId = r.itemId;
        c.variant = r.variant;
        c.arm = r.arm;
        c.seed = r.seed;
        c.prompt = r.prompt;
        c.reply = StandInModel::reply(r.prompt, r.seed, r.temperature, r.plantedGap);
        const MetricResult m = evaluateMetric(doc.metric, c.reply);
        c.metricValue = m.value;
        c.metricFlag = m.flag;
        c.status = CallStatus::Ok;
        c.attempts = 1;
        out << c;
    }
    return out;
}

ProbeAnalysis StandInExperiment::analyse(const ProbeDocument& probe, const StandInTrial& trial)
{
    QStringList order;
    for (const ProbeItem& item : probe.items) {
        order << item.id;
    }
    return ProbeAnalysis::fromCalls(calls(probe, trial), probe.valueA(), probe.valueB(),
                                    probe.metric.name, order);
}

} // namespace pb

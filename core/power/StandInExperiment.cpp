#include "power/StandInExperiment.h"

#include "choice/ChoiceTally.h"
#include "generative/GenerativeTally.h"
#include "run/CallPlan.h"
#include "run/ModelProbeReplies.h"
#include "standin/StandInBackend.h"

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

namespace {

ProbeDocument withTrial(const ProbeDocument& probe, const StandInTrial& trial)
{
    ProbeDocument doc = probe;
    doc.settings.backend = QStringLiteral("stand-in");
    doc.settings.plantedGap = trial.plantedGap;
    doc.settings.temperature = trial.temperature;
    doc.settings.seeds = trial.seeds;
    doc.noise.enabled = trial.noiseCheck;
    return doc;
}

} // namespace

QList<LoggedCall> StandInExperiment::calls(const ProbeDocument& probe, const StandInTrial& trial)
{
    const ProbeDocument doc = withTrial(probe, trial);
    const QList<CallRequest> plan = CallPlan::build(doc);
    // Scored by the run's own reply handler, so an experiment's rows are a run's rows.
    ModelProbeReplies replies(doc.metric, 0);
    const QDateTime when = QDateTime::currentDateTimeUtc();
    QList<LoggedCall> out;
    out.reserve(plan.size());
    for (const CallRequest& r : plan) {
        CallResult result;
        result.request = r;
        result.status = CallStatus::Ok;
        result.attempts = 1;
        result.backend = doc.settings.backend;
        result.finishedAt = when;
        StandInBackend::fill(result);
        if (doc.metric.isGenerative()) {
            // The cell's second request, as the run's handler asks it, answered in place.
            CallResult embedded = result;
            embedded.request = ModelProbeReplies::embeddingRequest(result, doc.metric);
            embedded.details = {};
            StandInBackend::fill(embedded);
            out << ModelProbeReplies::generativeRow(0, result, embedded, 0);
            continue;
        }
        out << replies.decide(result, false).call;
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

namespace pb {

GenerativeAnalysis StandInExperiment::analyseGenerative(const ProbeDocument& probe,
                                                        const StandInTrial& trial)
{
    GenerativeTally tally(withTrial(probe, trial));
    tally.add(calls(probe, trial));
    return GenerativeAnalysis::from(tally);
}

ChoiceAnalysis StandInExperiment::analyseChoice(const ProbeDocument& probe,
                                                const StandInTrial& trial)
{
    ChoiceTally tally(withTrial(probe, trial));
    tally.add(calls(probe, trial));
    return ChoiceAnalysis::from(tally);
}

} // namespace pb

#include "power/StandInExperiment.h"

#include "choice/ChoiceTally.h"
#include "generative/GenerativeTally.h"
#include "run/CallPlan.h"
#include "run/ModelProbeReplies.h"
#include "standin/StandInBackend.h"
#include "standin/StandInBias.h"
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

// Every call of the document's plan answered by the stand-in, as a run receives them.
QList<CallResult> answered(const ProbeDocument& doc)
{
    const QList<CallRequest> plan = CallPlan::build(doc);
    const QDateTime when = QDateTime::currentDateTimeUtc();
    QList<CallResult> out;
    out.reserve(plan.size());
    for (const CallRequest& r : plan) {
        CallResult result;
        result.request = r;
        result.status = CallStatus::Ok;
        result.attempts = 1;
        result.backend = doc.settings.backend;
        result.finishedAt = when;
        StandInBackend::fill(result);
        out << result;
    }
    return out;
}

// The cell's second request, as the run's handler asks it, answered in place.
LoggedCall embeddedRow(const CallResult& chat, const MetricSpec& metric)
{
    CallResult embedded = chat;
    embedded.request = ModelProbeReplies::embeddingRequest(chat, metric);
    embedded.details = {};
    StandInBackend::fill(embedded);
    return ModelProbeReplies::generativeRow(0, chat, embedded, 0);
}

QStringList itemOrder(const ProbeDocument& probe)
{
    QStringList order;
    for (const ProbeItem& item : probe.items)
        order << item.id;
    return order;
}

} // namespace

QList<LoggedCall> StandInExperiment::calls(const ProbeDocument& probe, const StandInTrial& trial)
{
    const ProbeDocument doc = withTrial(probe, trial);
    // Scored by the run's own reply handler, so an experiment's rows are a run's rows.
    ModelProbeReplies replies(doc.metric, 0);
    QList<LoggedCall> out;
    for (const CallResult& result : answered(doc))
        out << (doc.metric.isGenerative() ? embeddedRow(result, doc.metric)
                                          : replies.decide(result, false).call);
    return out;
}

ProbeAnalysis StandInExperiment::analyse(const ProbeDocument& probe, const StandInTrial& trial)
{
    return ProbeAnalysis::fromCalls(calls(probe, trial), probe.valueA(), probe.valueB(),
                                    probe.metric.name, itemOrder(probe));
}

ProbeAnalysis StandInExperiment::analyseUnrounded(const ProbeDocument& probe,
                                                  const StandInTrial& trial)
{
    const ProbeDocument doc = withTrial(probe, trial);
    const QDateTime when = QDateTime::currentDateTimeUtc();
    QList<LoggedCall> rows;
    for (const CallRequest& r : CallPlan::build(doc)) {
        // The draw StandInBackend::fill would round into this reply's steps; the reply itself
        // is not made, as no metric reads it here.
        CallResult result;
        result.request = r;
        result.status = CallStatus::Ok;
        result.attempts = 1;
        result.backend = doc.settings.backend;
        result.finishedAt = when;
        LoggedCall row = LoggedCall::fromResult(0, result);
        row.metricValue =
            StandInModel::shiftedValue(r.prompt, QString::number(r.seed),
                                       StandInBias::noiseTemperature(r), StandInBias::shift(r));
        rows << row;
    }
    return ProbeAnalysis::fromCalls(rows, probe.valueA(), probe.valueB(),
                                    QStringLiteral("unrounded steps"), itemOrder(probe));
}

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

std::pair<ChoiceAnalysis, GenerativeAnalysis>
StandInExperiment::analyseBothModes(const ProbeDocument& probe, const MetricSpec& embedding,
                                    const StandInTrial& trial)
{
    const ProbeDocument doc = withTrial(probe, trial);
    ProbeDocument asGenerative = doc;
    asGenerative.metric = embedding;
    ModelProbeReplies replies(doc.metric, 0);
    ChoiceTally choice(doc);
    GenerativeTally generative(asGenerative);
    for (const CallResult& result : answered(doc)) {
        choice.add(replies.decide(result, false).call);
        generative.add(embeddedRow(result, embedding));
    }
    return {ChoiceAnalysis::from(choice), GenerativeAnalysis::from(generative)};
}

} // namespace pb

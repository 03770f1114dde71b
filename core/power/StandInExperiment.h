#pragma once

#include "analysis/ProbeAnalysis.h"
#include "choice/ChoiceAnalysis.h"
#include "generative/GenerativeAnalysis.h"
#include "probe/ProbeDocument.h"
#include "store/LoggedCall.h"

#include <QList>
#include <utility>

namespace pb {

// One run of a probe on the stand-in model, done in memory: the probe's own call plan
// (CallPlan), the stand-in's replies (StandInModel) and the probe's metric, exactly as a
// stored run would log them, but without a store or an event loop. Fast enough for a
// presenter's sliders: the tutorial's 8 items x 20 seeds take a few milliseconds.
struct StandInTrial
{
    double plantedGap = 1.0;
    double temperature = 0.8;
    QList<qint64> seeds;
    bool noiseCheck = true; // value A again on seeds shifted by the probe's noise offset
};

class StandInExperiment
{
public:
    // The probe's items, values, system prompt and metric with the trial's settings.
    static QList<LoggedCall> calls(const ProbeDocument& probe, const StandInTrial& trial);
    // The same analysis a run of those calls gets (ProbeAnalysis::fromCalls).
    static ProbeAnalysis analyse(const ProbeDocument& probe, const StandInTrial& trial);
    // For a choice probe (a "choice" metric): the analysis its run gets (ChoiceTally, then
    // ChoiceAnalysis), the stand-in's distributions read from its synthetic logprobs.
    static ChoiceAnalysis analyseChoice(const ProbeDocument& probe, const StandInTrial& trial);
    // For a generative probe (an "embedding" metric): the analysis its run gets (GenerativeTally,
    // then GenerativeAnalysis), each reply embedded by the stand-in's embedding model
    // (StandInEmbedding), for the calibration study's generative rows.
    static GenerativeAnalysis analyseGenerative(const ProbeDocument& probe,
                                                const StandInTrial& trial);
    // For a choice probe: its choice analysis and, from the text of the very same replies,
    // the generative analysis a run would get with `embedding` (an "embedding" metric) as its
    // metric, each reply ("yes", "no", "I am not sure.") embedded by the stand-in's embedding.
    // One set of calls scored two ways, so the two modes' rankings can be compared; their
    // scores are not on one scale and are never mixed.
    static std::pair<ChoiceAnalysis, GenerativeAnalysis>
    analyseBothModes(const ProbeDocument& probe, const MetricSpec& embedding,
                     const StandInTrial& trial);
    // For a numeric probe on the stand-in's numeric model: the analysis its run gets with each
    // reply's metric value replaced by the stand-in's draw before it is rounded to whole steps
    // (StandInModel::shiftedValue). No metric of a run reads that number; the calibration study
    // uses it to show the sign-flip test on gaps that do not tie, beside count_steps.
    static ProbeAnalysis analyseUnrounded(const ProbeDocument& probe, const StandInTrial& trial);
    // Seeds first, first + 1, ..., first + count - 1 (the tutorial's range(first, first + n)).
    static QList<qint64> seedBlock(qint64 first, int count);
};

} // namespace pb

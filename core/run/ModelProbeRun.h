#pragma once

#include "analysis/ProbeAnalysis.h"
#include "choice/ChoiceAnalysis.h"
#include "choice/ChoiceTally.h"
#include "generative/GenerativeAnalysis.h"
#include "generative/GenerativeTally.h"
#include "probe/ProbeDocument.h"
#include "run/RunAnalyzer.h"
#include "run/RunUnit.h"

#include <memory>

namespace pb {

// A model probe's results: its per-item analysis, as the Results page and the results
// writer read it.
struct ModelProbeResults : RunResults
{
    ProbeAnalysis analysis;
    // A choice probe's result (ProbeDocument::metric.isChoice()); its numeric analysis then
    // has no scored reply and is not shown.
    std::optional<ChoiceAnalysis> choice;
    // A generative probe's result (metric.isGenerative()), which replaces analysis likewise.
    std::optional<GenerativeAnalysis> generative;
};

// Analyses a model probe's one unit from its calls as they are recorded. Keeps a copy of each
// call without its prompt, messages, reply or details (the analysis reads none of them), so
// what it holds does not grow with the replies' size; a choice probe's readings are folded
// into a ChoiceTally first.
class ModelProbeAnalyzer : public RunAnalyzer
{
public:
    explicit ModelProbeAnalyzer(const ProbeDocument& doc);

    void add(int unit, qint64 runId, const QList<LoggedCall>& calls) override;
    RunResultsPtr results() const override;

private:
    QString m_valueA;
    QString m_valueB;
    QString m_metricName;
    QStringList m_itemOrder;
    QList<LoggedCall> m_calls;
    std::optional<ChoiceTally> m_choice;
    std::optional<GenerativeTally> m_generative;
};

// What the runner needs of a model probe: one unit whose plan is the probe's calls (the first
// seedLimit seeds only, when given: a dry run), whose replies are scored with its metric, and
// whose backend is the one its settings name.
namespace ModelProbeRun {

RunUnit unit(const ProbeDocument& doc, int seedLimit = 0);
// Where a generative probe's embedding calls go: the probe's settings with the embedding
// model, and its own backend and endpoints where the metric names them (another backend
// without endpoints gets that backend's default).
BackendSettings embeddingSettings(const ProbeSettings& settings, const MetricSpec& metric);
// The analysis in results that a ModelProbeAnalyzer made; null for any other.
const ProbeAnalysis* analysisIn(const RunResultsPtr& results);
// The choice analysis in results that a ModelProbeAnalyzer made of a choice probe; else null.
const ChoiceAnalysis* choiceIn(const RunResultsPtr& results);
// The generative analysis in results that a ModelProbeAnalyzer made of a generative probe.
const GenerativeAnalysis* generativeIn(const RunResultsPtr& results);

} // namespace ModelProbeRun

} // namespace pb

#include "axes/AxesAnalyzer.h"

#include "run/ModelProbeRun.h"
#include "run/TokenTotals.h"

namespace pb {

struct AxesAnalyzer::Axis
{
    std::unique_ptr<ModelProbeAnalyzer> calls; // until the unit ends
    TokenTotals tokens;
    int recorded = 0; // calls so far, for a pending axis's row
    int failed = 0;
    AxisEvidence evidence; // pending until the unit ends
};

AxesAnalyzer::AxesAnalyzer(const AxesDocument& doc) : m_doc(doc)
{
    for (int a = 0; a < doc.axes.size(); ++a) {
        auto axis = std::make_unique<Axis>();
        axis->calls = std::make_unique<ModelProbeAnalyzer>(doc.axisProbe(a));
        axis->evidence.axis = doc.axes[a];
        axis->evidence.pending = true;
        m_axes.push_back(std::move(axis));
    }
}

AxesAnalyzer::~AxesAnalyzer() = default;

void AxesAnalyzer::add(int unit, qint64 runId, const QList<LoggedCall>& calls)
{
    if (unit < 0 || std::size_t(unit) >= m_axes.size() || !m_axes[std::size_t(unit)]->calls)
        return;
    Axis& axis = *m_axes[std::size_t(unit)];
    axis.evidence.runId = runId;
    axis.calls->add(unit, runId, calls);
    for (const LoggedCall& c : calls) {
        axis.tokens.add(c.tokens);
        axis.failed += c.status == CallStatus::Failed ? 1 : 0;
    }
    axis.recorded += int(calls.size());
}

void AxesAnalyzer::unitFinished(int unit, RunOutcome outcome, const QString& message)
{
    if (unit < 0 || std::size_t(unit) >= m_axes.size() || !m_axes[std::size_t(unit)]->calls)
        return;
    Axis& axis = *m_axes[std::size_t(unit)];
    AxisEvidence& e = axis.evidence;
    e.pending = false;
    e.outcome = outcome;
    e.message = message;
    // A unit that could not start has no run: like the CLI's reading, it is missing with why.
    if (e.runId != 0) {
        const RunResultsPtr taken = axis.calls->results();
        // One mode per probe, as AxesStoredRuns reads a stored run: the choice or generative
        // analysis replaces the numeric one.
        if (const ChoiceAnalysis* choice = ModelProbeRun::choiceIn(taken))
            e.choice = *choice;
        else if (const GenerativeAnalysis* generative = ModelProbeRun::generativeIn(taken))
            e.generative = *generative;
        else if (const ProbeAnalysis* analysis = ModelProbeRun::analysisIn(taken))
            e.analysis = *analysis;
    }
    axis.calls.reset();
}

RunResultsPtr AxesAnalyzer::results() const
{
    auto out = std::make_shared<AxesRunResults>();
    QList<AxisEvidence> evidence;
    for (std::size_t a = 0; a < m_axes.size(); ++a) {
        const Axis& axis = *m_axes[a];
        evidence << axis.evidence;
        if (axis.evidence.pending)
            continue;
        ++out->finished;
        if (axis.evidence.runId == 0)
            continue;
        // Costed as the stored run is: at the prices given now (RunCost::atPrices' rule).
        for (RunCost::Run run : RunCost::single(axis.evidence.runId, axis.tokens, std::nullopt)
                                    .atPrices(m_doc.settings.prices)
                                    .runs) {
            run.label = axis.evidence.axis.label();
            out->cost.runs << run;
        }
    }
    out->comparison = AxesComparison::from(m_doc, evidence);
    // A pending axis's row counts the calls its run recorded so far; its numbers wait.
    for (std::size_t a = 0; a < m_axes.size(); ++a) {
        if (m_axes[a]->evidence.pending) {
            out->comparison.axes[qsizetype(a)].callsLogged = m_axes[a]->recorded;
            out->comparison.axes[qsizetype(a)].callsFailed = m_axes[a]->failed;
        }
    }
    return out;
}

const AxesRunResults* AxesAnalyzer::resultsIn(const RunResultsPtr& ptr)
{
    return dynamic_cast<const AxesRunResults*>(ptr.get());
}

} // namespace pb

#pragma once

#include "axes/AxesComparison.h"
#include "axes/AxesDocument.h"
#include "report/RunCost.h"
#include "run/RunAnalyzer.h"

#include <memory>
#include <vector>

namespace pb {

class ModelProbeAnalyzer;

// What a session of axes has shown so far: every axis its unit finished, with its result as its
// own model probe reads its calls, and every other axis pending (AxisEvidence::pending), so a
// live view is never complete before the session's last axis ends.
struct AxesRunResults : RunResults
{
    AxesComparison comparison;
    // Each finished axis's run, labelled by its axis, at the document's prices: the rows
    // AxesStoredResults reads from the store for the same calls.
    RunCost cost;
    int finished = 0; // axes whose unit ended
};

// The analyzer of a session of axes (AxesRun::units, one unit per axis). Each axis's calls go
// to a ModelProbeAnalyzer of its own probe (AxesDocument::axisProbe), the model probe's one
// analysis, and its tokens are summed as they arrive. When the axis's unit ends its result is
// taken once and kept, and the per-call copies are let go; results() then only sets the axes
// side by side (AxesComparison::from), so a snapshot costs next to nothing. On the session's
// thread, as every RunAnalyzer.
class AxesAnalyzer : public RunAnalyzer
{
public:
    explicit AxesAnalyzer(const AxesDocument& doc);
    ~AxesAnalyzer() override;

    void add(int unit, qint64 runId, const QList<LoggedCall>& calls) override;
    void unitFinished(int unit, RunOutcome outcome, const QString& message) override;
    RunResultsPtr results() const override;

    // The results in ptr that an AxesAnalyzer made; null for any other.
    static const AxesRunResults* resultsIn(const RunResultsPtr& ptr);

private:
    struct Axis;

    AxesDocument m_doc;
    std::vector<std::unique_ptr<Axis>> m_axes;
};

} // namespace pb

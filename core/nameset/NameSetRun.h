#pragma once

#include "nameset/NameSetDocument.h"
#include "run/RunAnalyzer.h"
#include "run/RunUnit.h"
#include "run/TokenTotals.h"

#include <QList>
#include <optional>

namespace pb {

// One scored reply of a name-set run, as the statistics read it: the name (index into the
// document's names), which arm it belongs to and what it said. A call with no usable reply
// has no score; it is counted, never imputed.
struct NameSetObservation
{
    int name = 0;
    CallArm arm = CallArm::Probe;
    qint64 seed = 0;
    std::optional<double> score;
    QString decision;
    bool favourable = false;
    bool invalid = false; // answered, but no reply validated within the attempts
    bool failed = false;  // no reply at all after every retry
};

// What a name-set run holds so far: every observation in plan order, and the counts the
// data-quality section reports.
struct NameSetResults : RunResults
{
    QList<NameSetObservation> observations;
    int planned = 0;
    TokenTotals tokens;
};

// Collects a name-set run's calls as they are recorded, keeping only what the statistics read.
class NameSetAnalyzer : public RunAnalyzer
{
public:
    explicit NameSetAnalyzer(const NameSetDocument& doc);

    void add(int unit, qint64 runId, const QList<LoggedCall>& calls) override;
    RunResultsPtr results() const override;

    // One stored call as an observation.
    static NameSetObservation observe(const LoggedCall& call);

private:
    int m_planned = 0;
    QList<NameSetObservation> m_observations;
    TokenTotals m_tokens;
};

// What the runner needs of a name-set probe: one unit whose plan is every name on every seed
// (and the noise block when on), whose replies are validated and asked again
// (NameSetReplies), and whose backend is the one the settings name, the stand-in being
// StandInNameSetBackend.
namespace NameSetRun {

// The store keeps the document as run (NameSetWriter, after any command-line override), as a
// model probe's run keeps its probe (ProbeWriter).
RunUnit unit(const NameSetDocument& doc, int seedLimit = 0);
QList<CallRequest> plan(const NameSetDocument& doc);
int callCount(const NameSetDocument& doc);
// What makes two runs of a name set the same run: every text sent, the names and their
// groups, the schema, the model settings and seeds, and the stand-in's knobs.
QJsonObject canonical(const NameSetDocument& doc);
const NameSetResults* resultsIn(const RunResultsPtr& results);

} // namespace NameSetRun

} // namespace pb

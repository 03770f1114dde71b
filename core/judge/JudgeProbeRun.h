#pragma once

#include "judge/JudgeAnalysis.h"
#include "judge/JudgeProbeDocument.h"
#include "report/ResultsEvidence.h"
#include "run/RunAnalyzer.h"
#include "run/RunUnit.h"

#include <QList>
#include <QMetaType>
#include <memory>
#include <optional>

namespace pb {

class RunStore;

// A judge probe's results: the analysis of every judge of the probe, side by side.
struct JudgeResults : RunResults
{
    JudgeAnalysis analysis;
};

// Analyses every judge of a judge probe from its calls as they are recorded: each call is read
// into a JudgedCall once, when it arrives, and each snapshot is one pass over what is held, so
// a run's analysis grows linearly with its calls (the window no longer re-reads the store).
// The session's units are the probe's judges in probe order (JudgeProbeRun::units).
class JudgeAnalyzer : public RunAnalyzer
{
public:
    explicit JudgeAnalyzer(JudgeProbeDocument doc);

    void add(int unit, qint64 runId, const QList<LoggedCall>& calls) override;
    RunResultsPtr results() const override;

private:
    JudgeProbeDocument m_doc;
    QList<QList<JudgedCall>> m_calls; // per judge of m_doc
};

// What the runner needs of a judge probe: one unit per judge, in probe order. The judges whose
// indexes are given run (all of them when none are); the others only lend their stored calls
// to the analysis, so it always covers every judge of the probe.
namespace JudgeProbeRun {

QList<RunUnit> units(const JudgeProbeDocument& doc, const QList<int>& judgeIndexes = {});
// How a judge's run words its calls ("judge calls") and their failures.
RunWording wording();
// The analysis in results that a JudgeAnalyzer made; null for any other.
const JudgeAnalysis* analysisIn(const RunResultsPtr& results);
// What a judge probe's store holds for every judge of the probe, read without running
// anything: the analysis of every judge (an empty one when the store cannot be read, with the
// reason in error), how many calls it is made of, and the evidence a results folder records
// (the store's name, and each judge's stored run with its creation time and calls). A judge
// with no run in the store counts as no calls. The one reading of a judge probe's store: the
// CLI after its run, the judge window opening the probe and exporting, and the grader-bias
// probe all go through it, so for the same store they show and write the same results.
struct StoredJudgeResults
{
    JudgeAnalysis analysis;
    ResultsEvidence evidence;
    int storedCalls = 0;
    QString error;
};
// From an open store; storeName is the store's file name, recorded in the evidence.
StoredJudgeResults readStored(const JudgeProbeDocument& doc, RunStore& store,
                              const QString& storeName);
// From the store at storePath. A store that does not exist yet is not created. Opens its own
// connection: any thread.
StoredJudgeResults readStored(const JudgeProbeDocument& doc, const QString& storePath);

} // namespace JudgeProbeRun

} // namespace pb

Q_DECLARE_METATYPE(pb::JudgeAnalysis)

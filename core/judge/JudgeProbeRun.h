#pragma once

#include "judge/JudgeAnalysis.h"
#include "judge/JudgeProbeDocument.h"
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
// What the store holds for every judge of doc, read without running anything; *storedCalls
// gets their number. Nullopt with *error when the store cannot be read.
std::optional<JudgeAnalysis> storedAnalysis(RunStore& store, const JudgeProbeDocument& doc,
                                            int* storedCalls, QString* error);

// What a judge probe's store at storePath holds, for a window opening the probe: the analysis
// of every judge (an empty one when the store cannot be read, with the reason in error). A
// store that does not exist yet is not created. Opens its own connection: any thread.
struct StoredJudgeResults
{
    JudgeAnalysis analysis;
    int storedCalls = 0;
    QString error;
};
StoredJudgeResults readStored(const JudgeProbeDocument& doc, const QString& storePath);

} // namespace JudgeProbeRun

} // namespace pb

Q_DECLARE_METATYPE(pb::JudgeAnalysis)

#include "judge/JudgeProbeRun.h"

#include "backends/ModelBackend.h"
#include "judge/JudgeBackendFactory.h"
#include "judge/JudgeCallPlan.h"
#include "judge/JudgeCallRecord.h"
#include "judge/JudgeReplies.h"
#include "judge/JudgeRunIdentity.h"
#include "store/RunStore.h"

#include <QFileInfo>

namespace pb {

JudgeAnalyzer::JudgeAnalyzer(JudgeProbeDocument doc)
    : m_doc(std::move(doc)), m_calls(m_doc.judges.size())
{
}

void JudgeAnalyzer::add(int unit, qint64, const QList<LoggedCall>& calls)
{
    if (unit < 0 || unit >= m_calls.size()) {
        return;
    }
    m_calls[unit] += JudgeCallRecord::fromLogged(m_doc, m_doc.judges.at(unit), calls);
}

RunResultsPtr JudgeAnalyzer::results() const
{
    auto results = std::make_shared<JudgeResults>();
    results->analysis = JudgeAnalysis::compute(m_doc, m_calls);
    return results;
}

namespace JudgeProbeRun {

QList<RunUnit> units(const JudgeProbeDocument& doc, const QList<int>& judgeIndexes)
{
    QList<RunUnit> units;
    for (int i = 0; i < doc.judges.size(); ++i) {
        const JudgeConfig& judge = doc.judges.at(i);
        RunUnit unit;
        unit.name = QStringLiteral("judge \"%1\"").arg(judge.name);
        unit.runs = judgeIndexes.isEmpty() || judgeIndexes.contains(i);
        unit.identity = JudgeRunIdentity::identity(doc, judge);
        unit.plan = [doc, judge] { return JudgeCallPlan::build(doc, judge); };
        unit.replies = [doc, judge](qint64 runId) -> std::unique_ptr<ReplyHandler> {
            return std::make_unique<JudgeReplies>(doc, judge, runId);
        };
        unit.backend = [judge](const RecordedDigests& recorded, QString* error) {
            return JudgeBackendFactory::create(judge, recorded.model, error);
        };
        unit.wording = wording();
        units << unit;
    }
    return units;
}

RunWording wording()
{
    RunWording w;
    w.calls = QStringLiteral("judge calls");
    w.someFailed = QStringLiteral("%1 judge calls got no reply after every retry; they are "
                                  "flagged in the log and left out of every count");
    return w;
}

const JudgeAnalysis* analysisIn(const RunResultsPtr& results)
{
    const auto* judge = dynamic_cast<const JudgeResults*>(results.get());
    return judge ? &judge->analysis : nullptr;
}

StoredJudgeResults readStored(const JudgeProbeDocument& doc, RunStore& store,
                              const QString& storeName)
{
    StoredJudgeResults out;
    out.evidence.store = storeName;
    JudgeAnalyzer analyzer(doc);
    for (int i = 0; i < doc.judges.size(); ++i) {
        std::optional<qint64> runId;
        QList<LoggedCall> calls;
        RunRecord run;
        if (!store.findRun(JudgeRunIdentity::hash(doc, doc.judges.at(i)), &runId, &out.error) ||
            (runId &&
             (!store.calls(*runId, &calls, &out.error) || !store.run(*runId, &run, &out.error)))) {
            out.analysis = JudgeAnalysis::compute(doc, {});
            out.evidence.runs.clear();
            out.storedCalls = 0;
            return out;
        }
        if (runId)
            out.evidence.runs.append({*runId, run.created, qint64(calls.size())});
        out.storedCalls += int(calls.size());
        analyzer.add(i, runId.value_or(0), calls);
    }
    out.analysis = *analysisIn(analyzer.results());
    return out;
}

StoredJudgeResults readStored(const JudgeProbeDocument& doc, const QString& storePath)
{
    StoredJudgeResults out;
    out.analysis = JudgeAnalysis::compute(doc, {});
    out.evidence.store = QFileInfo(storePath).fileName();
    if (!QFileInfo::exists(storePath)) {
        return out; // a probe never run has no store yet, and looking must not create one
    }
    RunStore store;
    if (!store.open(storePath, &out.error)) {
        return out;
    }
    return readStored(doc, store, out.evidence.store);
}

} // namespace JudgeProbeRun

} // namespace pb

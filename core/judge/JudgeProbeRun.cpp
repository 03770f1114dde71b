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
        unit.backend = [judge](const QString& expectedDigest, QString* error) {
            return JudgeBackendFactory::create(judge, expectedDigest, error);
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

std::optional<JudgeAnalysis> storedAnalysis(RunStore& store, const JudgeProbeDocument& doc,
                                            int* storedCalls, QString* error)
{
    JudgeAnalyzer analyzer(doc);
    int n = 0;
    for (int i = 0; i < doc.judges.size(); ++i) {
        std::optional<qint64> runId;
        QList<LoggedCall> calls;
        if (!store.findRun(JudgeRunIdentity::hash(doc, doc.judges.at(i)), &runId, error) ||
            (runId && !store.calls(*runId, &calls, error))) {
            return std::nullopt;
        }
        n += int(calls.size());
        analyzer.add(i, runId.value_or(0), calls);
    }
    if (storedCalls) {
        *storedCalls = n;
    }
    return *analysisIn(analyzer.results());
}

StoredJudgeResults readStored(const JudgeProbeDocument& doc, const QString& storePath)
{
    StoredJudgeResults out;
    out.analysis = JudgeAnalysis::compute(doc, {});
    if (!QFileInfo::exists(storePath)) {
        return out; // a probe never run has no store yet, and looking must not create one
    }
    RunStore store;
    if (!store.open(storePath, &out.error)) {
        return out;
    }
    if (std::optional<JudgeAnalysis> analysis =
            storedAnalysis(store, doc, &out.storedCalls, &out.error)) {
        out.analysis = std::move(*analysis);
    } else {
        out.storedCalls = 0;
    }
    return out;
}

} // namespace JudgeProbeRun

} // namespace pb

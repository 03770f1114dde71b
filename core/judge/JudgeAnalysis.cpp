#include "judge/JudgeAnalysis.h"

namespace pb {

JudgeAnalysis JudgeAnalysis::compute(const JudgeProbeDocument& doc,
                                     const QList<QList<JudgedCall>>& callsPerJudge)
{
    JudgeAnalysis out;
    out.title = doc.title;
    for (qsizetype i = 0; i < doc.judges.size(); ++i)
        out.judges << JudgeRunAnalysis::compute(doc, doc.judges.at(i), callsPerJudge.value(i));
    return out;
}

RunCost JudgeAnalysis::cost() const
{
    RunCost out;
    for (const JudgeRunAnalysis& j : judges)
        out.runs.append({0, j.judgeName, j.tokens, j.prices});
    return out;
}

} // namespace pb

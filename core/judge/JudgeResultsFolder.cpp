#include "judge/JudgeResultsFolder.h"

#include "judge/JudgeCsvLog.h"
#include "judge/JudgeSummaryJson.h"
#include "report/ResultsFolder.h"

namespace pb {

bool JudgeResultsFolder::write(const QString& folder, const JudgeProbeDocument& doc,
                               const JudgeAnalysis& analysis, const ReportDocument& report,
                               const ResultsEvidence& evidence, QString* error)
{
    const ResultsFolder results(folder);
    return results.prepare(error) &&
           results.write(evidence,
                         {{QStringLiteral("judge-log.csv"), JudgeCsvLog::toCsv(doc, analysis)},
                          {QStringLiteral("report.md"), report.toMarkdown().toUtf8()},
                          {QStringLiteral("report.html"), report.toHtml().toUtf8()}},
                         JudgeSummaryJson::build(doc, analysis), error);
}

} // namespace pb

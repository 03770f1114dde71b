#include "judge/JudgeResultsFolder.h"

#include "judge/JudgeCsvLog.h"
#include "judge/JudgeReportBuilder.h"
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

bool JudgeResultsFolder::writeStored(const QString& folder, const JudgeProbeDocument& doc,
                                     const JudgeProbeRun::StoredJudgeResults& stored,
                                     const QString& source, QString* error)
{
    if (!stored.error.isEmpty()) {
        *error = stored.error;
        return false;
    }
    if (stored.storedCalls == 0) {
        *error = QStringLiteral("%1 holds no call of this probe yet").arg(stored.evidence.store);
        return false;
    }
    JudgeReportBuilder::Context context;
    context.source = source;
    context.store = stored.evidence.store;
    context.generated = QDateTime::currentDateTimeUtc();
    const ReportDocument report = JudgeReportBuilder::build(doc, stored.analysis, context);
    return write(folder, doc, stored.analysis, report, stored.evidence, error);
}

} // namespace pb

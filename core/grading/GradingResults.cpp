#include "grading/GradingResults.h"

#include "grading/GoldenComparison.h"
#include "grading/GradesCsv.h"

namespace pb {

namespace GradingResults {

bool write(const ResultsFolder& folder, const JudgeProbeDocument& doc, const GradingOutcome& graded,
           const GradingSummary::Context& context, const RunRecord* run, qint64 calls,
           const GoldenComparison* regression, QString* error)
{
    ResultsEvidence stored{context.store, {}};
    if (run)
        stored.runs.append({run->id, run->created, calls});
    QList<QPair<QString, QByteArray>> files{
        {QStringLiteral("grades.csv"), GradesCsv::toCsv(doc.rubric, graded.rows)},
        {QStringLiteral("grading.md"), GradingSummary::markdown(doc, graded, context)},
        {QStringLiteral("review-needed.txt"), GradingSummary::reviewFile(graded)}};
    QJsonObject summary = GradingSummary::json(doc, graded, context);
    if (regression) {
        files.append({QStringLiteral("regression.md"), regression->markdown()});
        summary.insert(QStringLiteral("regression"), regression->json());
    }
    return folder.write(stored, files, summary, error);
}

} // namespace GradingResults

} // namespace pb

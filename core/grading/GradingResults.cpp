#include "grading/GradingResults.h"

#include "grading/GoldenComparison.h"
#include "grading/GradesCsv.h"
#include "grading/PerCriterionComparison.h"

#include <QJsonDocument>

namespace pb {

namespace GradingResults {

bool write(const ResultsFolder& folder, const JudgeProbeDocument& doc, const GradingOutcome& graded,
           const GradingSummary::Context& context, const QList<ResultsEvidence::Run>& runs,
           const GoldenComparison* regression, QString* error,
           const PerCriterionComparison* perCriterion)
{
    const ResultsEvidence stored{context.store, runs};
    QList<QPair<QString, QByteArray>> files{
        {QStringLiteral("grades.csv"), GradesCsv::toCsv(doc.rubric, graded.rows)},
        {QStringLiteral("grading.md"), GradingSummary::markdown(doc, graded, context)},
        {QStringLiteral("review-needed.txt"), GradingSummary::reviewFile(graded)}};
    QJsonObject summary = GradingSummary::json(doc, graded, context);
    if (regression) {
        files.append({QStringLiteral("regression.md"), regression->markdown()});
        summary.insert(QStringLiteral("regression"), regression->json());
    }
    if (perCriterion) {
        files.append({QStringLiteral("per-criterion.md"), perCriterion->markdown()});
        files.append({QStringLiteral("per-criterion.json"),
                      QJsonDocument(perCriterion->toJson()).toJson(QJsonDocument::Indented)});
    }
    return folder.write(stored, files, summary, error);
}

} // namespace GradingResults

} // namespace pb

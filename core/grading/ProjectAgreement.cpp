#include "grading/ProjectAgreement.h"

#include "grading/AgreementText.h"
#include "grading/GradesCsv.h"

namespace pb {

namespace {

// The judge's levels as grades.csv holds them, one more rater.
RaterSheet judgeOf(const GradingStoredResults& results, const QString& source)
{
    return RaterSheet{QStringLiteral("judge"), true,
                      GradesCsv::judgeSheet(results.rubric, results.outcome.rows, source)};
}

} // namespace

QList<RaterSheet> ProjectAgreement::finishedSheets(const QList<BlindSheet>& sheets)
{
    QList<RaterSheet> out;
    for (const BlindSheet& sheet : sheets) {
        if (sheet.isComplete())
            out << RaterSheet{sheet.rater(), false, sheet.sheet()};
    }
    return out;
}

std::optional<ProjectAgreement> ProjectAgreement::compute(const GradingStoredResults& first,
                                                          const QList<RaterSheet>& people,
                                                          bool withJudge,
                                                          const GradingStoredResults* after,
                                                          int revisionNumber, QString* error)
{
    std::optional<RaterSheet> judge;
    if (withJudge && first.runId != 0)
        judge = judgeOf(first, QStringLiteral("grades.csv"));
    std::optional<AgreementReport> report =
        AgreementReport::compute(first.rubric, people, judge, error);
    if (!report)
        return std::nullopt;
    ProjectAgreement out{std::move(*report), std::nullopt, 0};
    if (judge && after && revisionNumber > 0 && after->runId != 0) {
        const std::optional<AgreementReport> revised = AgreementReport::compute(
            after->rubric, people, judgeOf(*after, QStringLiteral("grades.csv")), error);
        if (!revised)
            return std::nullopt;
        out.revision = RubricRevision::compare(out.report, *revised, error);
        if (!out.revision)
            return std::nullopt;
        out.revisionNumber = revisionNumber;
    }
    return out;
}

QByteArray ProjectAgreement::markdown() const
{
    QByteArray md = AgreementText::markdown(report);
    if (revision)
        md += '\n' + revision->markdown();
    return md;
}

QJsonObject ProjectAgreement::toJson() const
{
    QJsonObject json = report.toJson();
    if (revision) {
        QJsonObject r = revision->toJson();
        if (revisionNumber > 0)
            r.insert(QStringLiteral("revision_number"), revisionNumber);
        json.insert(QStringLiteral("revision"), r);
    }
    return json;
}

} // namespace pb

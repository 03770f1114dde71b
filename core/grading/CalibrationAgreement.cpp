#include "grading/CalibrationAgreement.h"

#include "grading/GradingRubric.h"

namespace pb {

QStringList CalibrationAgreement::files(const QList<ScoreSheet>& sheets)
{
    QStringList out;
    for (const ScoreSheet& sheet : sheets) {
        for (const ScoreSheetRow& row : sheet.rows) {
            if (!out.contains(row.filename))
                out << row.filename;
        }
    }
    return out;
}

std::optional<QList<CriterionAgreement>>
CalibrationAgreement::compare(const Rubric& rubric, const ScoreSheet& first,
                              const QString& firstRater, const ScoreSheet& second,
                              const QString& secondRater, QString* error)
{
    const QStringList names = files({first, second});
    QList<CriterionAgreement> out;
    for (const RubricCriterion& c : rubric.criteria) {
        const std::optional<CriterionAgreement> a = CriterionAgreement::compute(
            c.id, firstRater, secondRater, GradingRubric::levels(), first.levels(c.id, names),
            second.levels(c.id, names), error);
        if (!a)
            return std::nullopt;
        out << *a;
    }
    return out;
}

std::optional<QList<AlphaEstimate>> CalibrationAgreement::alpha(const Rubric& rubric,
                                                                const QList<ScoreSheet>& sheets,
                                                                AlphaMetric metric, QString* error)
{
    if (sheets.size() < 2) {
        *error = QStringLiteral("agreement needs at least two sheets, not %1").arg(sheets.size());
        return std::nullopt;
    }
    const QStringList names = files(sheets);
    QList<AlphaEstimate> out;
    for (const RubricCriterion& c : rubric.criteria) {
        QList<QList<std::optional<int>>> byRater;
        for (const ScoreSheet& sheet : sheets)
            byRater << sheet.levels(c.id, names);
        QString why;
        const std::optional<AlphaEstimate> e = KrippendorffAlpha::estimate(byRater, metric, &why);
        if (!e) {
            *error = c.id + QStringLiteral(": ") + why;
            return std::nullopt;
        }
        out << *e;
    }
    return out;
}

} // namespace pb

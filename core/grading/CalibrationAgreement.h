#pragma once

#include "grading/ScoreSheet.h"
#include "judge/Rubric.h"
#include "stats/agreement/CriterionAgreement.h"
#include "stats/agreement/KrippendorffAlpha.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// Raters' sheets on one calibration set, compared per rubric criterion. Sheets are lined up
// by filename over every file any of them scored, in the order the sheets first list them;
// a file a rater did not score (no row, or a blank level) is excluded from that pair or
// unit and counted, never filled in. The judge takes part as a sheet too
// (GradesCsv::judgeSheet).
class CalibrationAgreement
{
public:
    static QStringList files(const QList<ScoreSheet>& sheets);

    // One CriterionAgreement per rubric criterion, rubric order, first sheet as the rows.
    static std::optional<QList<CriterionAgreement>>
    compare(const Rubric& rubric, const ScoreSheet& first, const QString& firstRater,
            const ScoreSheet& second, const QString& secondRater, QString* error);

    // Krippendorff's alpha per rubric criterion over all the sheets (two or more).
    static std::optional<QList<AlphaEstimate>> alpha(const Rubric& rubric,
                                                     const QList<ScoreSheet>& sheets,
                                                     AlphaMetric metric, QString* error);
};

} // namespace pb

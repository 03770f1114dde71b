#pragma once

#include "grading/AgreementReport.h"

#include <QJsonObject>
#include <QList>
#include <optional>

namespace pb {

// Human-judge agreement before and after a rubric revision (seed 004 Part 3: revise the worst
// criterion, run the judge again on the same calibration files, measure again): per criterion
// and person, percent agreement and Cohen's kappa (unweighted and quadratic) with the judge
// graded on the rubric before, and on the revision. The two reports must rest on the same
// people's sheets, the same calibration files and rubrics with the same criterion ids (a
// revision rewrites a criterion's levels; it does not rename it); otherwise compare() refuses.
struct RubricRevision
{
    struct Row
    {
        QString criterionId;
        QString person;
        std::optional<double> percentBefore;
        std::optional<double> percentAfter;
        KappaEstimate kappaBefore; // unweighted
        KappaEstimate kappaAfter;
        KappaEstimate quadraticBefore;
        KappaEstimate quadraticAfter;
    };

    QList<Row> rows;     // rubric order, then the people in sheet order
    QString worstBefore; // the worst human-judge criterion before, and after; empty when none
    QString worstAfter;

    static std::optional<RubricRevision> compare(const AgreementReport& before,
                                                 const AgreementReport& after, QString* error);

    QJsonObject toJson() const;
    QByteArray markdown() const; // revision.md
    QString console() const;
};

} // namespace pb

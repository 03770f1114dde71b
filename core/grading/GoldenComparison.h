#pragma once

#include "grading/GoldenSet.h"
#include "grading/GradeRow.h"
#include "grading/ScoreSheet.h"
#include "judge/Rubric.h"
#include "stats/agreement/CohenKappa.h"

#include <QJsonObject>
#include <QList>
#include <optional>

namespace pb {

// A regression run's judge levels against a golden set's expected levels, per rubric
// criterion: how many golden files the judge put within the criterion's tolerance, how many
// exactly, how many it gave no level at all (REVIEW_NEEDED, invented evidence, no reply:
// counted as misses, since a judge that stops grading must not pass), the quadratic-weighted
// kappa over the files both scored, and the mean signed difference (judge minus expected).
// A criterion passes when its fraction within tolerance reaches the golden set's minimum.
struct GoldenCriterion
{
    QString id;
    int tolerance = 0;
    int files = 0;        // golden files with an expected level on this criterion
    int within = 0;       // of those, the judge within tolerance
    int exact = 0;        // of those, the judge on the very level
    int noJudgeLevel = 0; // of those, the judge gave no level
    KappaEstimate quadratic;
    std::optional<double> meanDifference;
    bool passed = false;

    std::optional<double> fractionWithin() const;
};

struct GoldenComparison
{
    QString goldenName;
    QString version;
    double minWithinTolerance = 1.0;
    QList<GoldenCriterion> criteria; // rubric order
    bool passed() const;

    // Refused, with *error, when the golden set's tolerances name a criterion the rubric does
    // not have, or its expected sheet names a file the run did not grade.
    static std::optional<GoldenComparison> compare(const Rubric& rubric, const GoldenSet& golden,
                                                   const ScoreSheet& expected,
                                                   const QList<GradeRow>& graded, QString* error);

    // The "regression" section of a grading summary.json, which `probebench gate` reads.
    QJsonObject json() const;
    QByteArray markdown() const; // regression.md
    QString console() const;
};

} // namespace pb

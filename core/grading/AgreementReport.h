#pragma once

#include "grading/ScoreSheet.h"
#include "judge/Rubric.h"
#include "stats/agreement/CriterionAgreement.h"
#include "stats/agreement/KrippendorffAlpha.h"
#include "stats/agreement/WorstCriterion.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// One rater's sheet as the agreement report names it: a person ("sheet_a") or the judge.
struct RaterSheet
{
    QString rater;
    bool judge = false;
    ScoreSheet sheet;
};

// Two raters compared on every rubric criterion.
struct AgreementPair
{
    QString firstRater;  // rows of every confusion matrix
    QString secondRater; // columns
    bool humanJudge = false;
    QList<CriterionAgreement> criteria; // rubric order
};

// What `probebench agree` reports on a calibration set: every pair of people, then each person
// against the judge, per criterion (CriterionAgreement: percent agreement, Cohen's kappa three
// ways with SE, interval and band, the confusion matrix); Krippendorff's ordinal alpha over
// every rater when there are more than two; and the criterion with the worst human-judge
// agreement (lowest unweighted kappa over every person-judge pair) with its most frequent
// disagreement.
//
// The calibration set is the files the people scored. The judge grades every submission, so
// its sheet is cut down to those files before anything is counted; a calibration file the
// judge has no row for is listed in judgeMissing, and a level anyone left blank (a
// REVIEW_NEEDED or HALLUCINATED_EVIDENCE cell of grades.csv) is left out pairwise and counted
// in the matrix's excluded(), never filled in.
struct AgreementReport
{
    static constexpr const char* kFormat = "probebench/agreement@1";
    static constexpr AgreementMeasure kWorstBy = AgreementMeasure::Kappa;

    Rubric rubric;
    QList<RaterSheet> raters; // people first, then the judge when given
    QStringList files;        // the calibration set, in the order the people's sheets list it
    QStringList judgeMissing; // calibration files grades.csv has no row for
    QList<AgreementPair> pairs;
    QList<AlphaEstimate> alpha; // per criterion; empty with two raters
    std::optional<WorstCriterion> worst;

    // people: two or more sheets read against rubric; judge: the judge's levels
    // (GradesCsv::judgeSheet), or none. Rater names must be distinct.
    static std::optional<AgreementReport> compute(const Rubric& rubric,
                                                  const QList<RaterSheet>& people,
                                                  const std::optional<RaterSheet>& judge,
                                                  QString* error);

    bool hasJudge() const { return !raters.isEmpty() && raters.constLast().judge; }
    QJsonObject toJson() const;
};

} // namespace pb

#pragma once

#include "grading/AgreementReport.h"
#include "grading/GradingRun.h"
#include "grading/RubricRevision.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

namespace pb {

// What grading one criterion per call costs beside what it changes, against the all-criteria
// grading of the same files in the same store: per-criterion-md and .json, and the console's
// lines.
//
//   multipliers   per-criterion / all-at-once, for calls (exact whatever the server reports),
//                 input and output tokens (only when every call of both gradings reported that
//                 side), and cost (only when both are priced and fully counted)
//   effect        per criterion, over the submissions both gave a level: how many levels
//                 changed, the mean change (per-criterion minus all-at-once) and the mean
//                 absolute change
//   agreement     with two or more finished blind sheets, each person against the judge
//                 graded all at once (before) and one criterion per call (after): the
//                 RubricRevision rows, kappa per criterion and person
//
// Without an all-criteria run in the store nothing is compared: the texts say so and name the
// command that makes it.
struct PerCriterionComparison
{
    static constexpr const char* kFormat = "probebench/per-criterion@1";

    struct Criterion
    {
        QString id;
        int compared = 0; // submissions both gradings gave this criterion a level
        int changed = 0;
        std::optional<double> meanChange;    // per-criterion minus all-at-once
        std::optional<double> meanAbsChange; // in levels
    };

    bool hasAllAtOnce = false;
    int criteriaCount = 0;
    RunCost allAtOnceCost;
    RunCost perCriterionCost;
    int allAtOnceNotGraded = 0; // submissions the all-criteria run has not called yet
    int perCriterionNotGraded = 0;
    QList<Criterion> criteria;
    int levelsCompared = 0;
    int levelsChanged = 0;
    std::optional<RubricRevision> agreement; // before: all at once; after: per criterion
    QString agreementNote;                   // why there is no agreement, when there is none
    QString allAtOnceCommand;                // what makes the all-criteria run

    // allAtOnce: the all-criteria grading of the same submissions (null: the store has none);
    // people: the project's finished blind sheets (ProjectAgreement::finishedSheets).
    static PerCriterionComparison compare(const Rubric& rubric, const GradingOutcome* allAtOnce,
                                          const GradingOutcome& perCriterion,
                                          const QList<RaterSheet>& people,
                                          const QString& allAtOnceCommand);

    std::optional<double> callsMultiplier() const;
    std::optional<double> inputMultiplier() const;
    std::optional<double> outputMultiplier() const;
    std::optional<double> costMultiplier() const;

    QByteArray markdown() const; // per-criterion.md
    QJsonObject toJson() const;  // per-criterion.json
    QString console() const;
};

} // namespace pb

#pragma once

#include "stats/agreement/CriterionAgreement.h"

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// Which figure ranks the criteria when looking for the worst one.
enum class AgreementMeasure
{
    Percent,
    Kappa,
    LinearKappa,
    QuadraticKappa
};

// The criterion on which two raters (a person and the judge, as the lab asks) agree least,
// and the disagreement they made most often on it, the place to start revising the rubric.
struct WorstCriterion
{
    QString criterionId;
    AgreementMeasure measure = AgreementMeasure::Kappa;
    double value = 0.0; // the measure on this criterion (percent for Percent)
    QString firstRater;
    QString secondRater;
    std::optional<ConfusionMatrix::Cell> disagreement; // none when the raters never differ

    // "human 3, judge 2: 4 times"; "no disagreement" when they never differ.
    QString disagreementText() const;

    // The criterion with the lowest measure. A criterion whose measure is not defined (no
    // unit scored by both; a kappa of 0/0) cannot be ranked and is passed over. Ties go to
    // the lower percent agreement, then to the earlier criterion in the list. None when no
    // criterion can be ranked.
    static std::optional<WorstCriterion> find(const QList<CriterionAgreement>& criteria,
                                              AgreementMeasure measure);
    static QString measureName(AgreementMeasure measure); // "percent agreement", "kappa", ...
};

} // namespace pb

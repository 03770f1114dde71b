#pragma once

#include "stats/agreement/CohenKappa.h"
#include "stats/agreement/ConfusionMatrix.h"

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// How two raters (two people, or a person and the judge) agree on one rubric criterion: the
// confusion matrix, percent agreement and Cohen's kappa three ways. Missing scores are left
// out pairwise and counted in matrix.excluded().
struct CriterionAgreement
{
    QString criterionId;
    QString firstRater;  // rows of the matrix, e.g. "human"
    QString secondRater; // columns, e.g. "judge"
    ConfusionMatrix matrix;
    std::optional<double> percentAgreement;
    KappaEstimate unweighted;
    KappaEstimate linear;
    KappaEstimate quadratic;

    const KappaEstimate& kappa(KappaWeights weights) const;

    static std::optional<CriterionAgreement>
    compute(const QString& criterionId, const QString& firstRater, const QString& secondRater,
            const QList<int>& levels, const QList<std::optional<int>>& first,
            const QList<std::optional<int>>& second, QString* error);
};

} // namespace pb

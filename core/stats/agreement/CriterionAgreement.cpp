#include "stats/agreement/CriterionAgreement.h"

namespace pb {

const KappaEstimate& CriterionAgreement::kappa(KappaWeights weights) const
{
    switch (weights) {
    case KappaWeights::Unweighted:
        break;
    case KappaWeights::Linear:
        return linear;
    case KappaWeights::Quadratic:
        return quadratic;
    }
    return unweighted;
}

std::optional<CriterionAgreement>
CriterionAgreement::compute(const QString& criterionId, const QString& firstRater,
                            const QString& secondRater, const QList<int>& levels,
                            const QList<std::optional<int>>& first,
                            const QList<std::optional<int>>& second, QString* error)
{
    QString why;
    const std::optional<ConfusionMatrix> matrix =
        ConfusionMatrix::fromRatings(levels, first, second, &why);
    if (!matrix) {
        *error = criterionId + QStringLiteral(": ") + why;
        return std::nullopt;
    }
    CriterionAgreement a;
    a.criterionId = criterionId;
    a.firstRater = firstRater;
    a.secondRater = secondRater;
    a.matrix = *matrix;
    a.percentAgreement = matrix->percentAgreement();
    a.unweighted = CohenKappa::estimate(*matrix, KappaWeights::Unweighted);
    a.linear = CohenKappa::estimate(*matrix, KappaWeights::Linear);
    a.quadratic = CohenKappa::estimate(*matrix, KappaWeights::Quadratic);
    return a;
}

} // namespace pb

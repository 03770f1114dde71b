#include "stats/agreement/WorstCriterion.h"

namespace pb {

namespace {

std::optional<double> measured(const CriterionAgreement& a, AgreementMeasure measure)
{
    const KappaEstimate* k = nullptr;
    switch (measure) {
    case AgreementMeasure::Percent:
        return a.percentAgreement;
    case AgreementMeasure::Kappa:
        k = &a.unweighted;
        break;
    case AgreementMeasure::LinearKappa:
        k = &a.linear;
        break;
    case AgreementMeasure::QuadraticKappa:
        k = &a.quadratic;
        break;
    }
    return k && k->defined ? std::optional<double>(k->kappa) : std::nullopt;
}

} // namespace

QString WorstCriterion::disagreementText() const
{
    if (!disagreement)
        return QStringLiteral("no disagreement");
    return QStringLiteral("%1 %2, %3 %4: %5 %6")
        .arg(firstRater)
        .arg(disagreement->firstLevel)
        .arg(secondRater)
        .arg(disagreement->secondLevel)
        .arg(disagreement->count)
        .arg(disagreement->count == 1 ? QStringLiteral("time") : QStringLiteral("times"));
}

std::optional<WorstCriterion> WorstCriterion::find(const QList<CriterionAgreement>& criteria,
                                                   AgreementMeasure measure)
{
    const CriterionAgreement* worst = nullptr;
    double worstValue = 0.0;
    for (const CriterionAgreement& a : criteria) {
        const std::optional<double> value = measured(a, measure);
        if (!value)
            continue;
        const bool lower = !worst || *value < worstValue ||
                           (*value == worstValue && a.percentAgreement.value_or(0.0) <
                                                        worst->percentAgreement.value_or(0.0));
        if (lower) {
            worst = &a;
            worstValue = *value;
        }
    }
    if (!worst)
        return std::nullopt;
    WorstCriterion w;
    w.criterionId = worst->criterionId;
    w.measure = measure;
    w.value = worstValue;
    w.firstRater = worst->firstRater;
    w.secondRater = worst->secondRater;
    w.disagreement = worst->matrix.mostFrequentDisagreement();
    return w;
}

QString WorstCriterion::measureName(AgreementMeasure measure)
{
    switch (measure) {
    case AgreementMeasure::Percent:
        return QStringLiteral("percent agreement");
    case AgreementMeasure::Kappa:
        break;
    case AgreementMeasure::LinearKappa:
        return QStringLiteral("linear weighted kappa");
    case AgreementMeasure::QuadraticKappa:
        return QStringLiteral("quadratic weighted kappa");
    }
    return QStringLiteral("kappa");
}

} // namespace pb

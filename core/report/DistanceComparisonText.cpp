#include "report/DistanceComparisonText.h"

#include "report/NumberText.h"
#include "report/ReportDocument.h"

#include <QLocale>

namespace pb {

namespace {

QString signFlipMethodText(const SignFlipResult& t)
{
    if (t.method == SignFlipMethod::MonteCarlo)
        return QStringLiteral("Monte Carlo, %1 sign patterns, standard error %2")
            .arg(QLocale::c().toString(qulonglong(t.samples)), NumberText::small(t.standardError));
    return QStringLiteral("exact over 2^%1 sign patterns").arg(t.patternsLog2);
}

// The verdict's p as it reads: the one-sided p, or its bound when the distances do not sit
// above the noise (the one-sided p is then at least 1/2).
QString verdictP(const detection::DistanceComparisonResult& c)
{
    return c.above() ? QString(QStringLiteral("one-sided ") + NumberText::pEquals(c.p))
                     : QStringLiteral("one-sided p \u2265 0.5");
}

} // namespace

QString DistanceComparisonText::nullSize(const detection::DistanceVerdict& v, const QString& unit)
{
    const detection::DistanceComparisonResult& c = v.comparison;
    if (v.deterministic || !c.valid || !c.detectable.valid)
        return QString();
    return QStringLiteral(" It would have detected a mean shift of %1%2 above the noise 80% of "
                          "the time; smaller ones could go unseen.")
        .arg(NumberText::fixed(c.detectable.gap, 4), unit);
}

QString DistanceComparisonText::detectableText(const detection::DistanceVerdict& v,
                                               const QString& distance, const QString& unit)
{
    const detection::DistanceComparisonResult& c = v.comparison;
    if (v.deterministic || !c.valid)
        return QString();
    if (!c.detectable.valid)
        return QStringLiteral("No minimum detectable difference: %1")
            .arg(ReportDocument::literal(QString::fromStdString(c.detectable.refusal)));
    return QStringLiteral("Minimum detectable difference: with %1 items whose D_cf - D_null "
                          "spread with SD %2%3, this design detects a mean %4 of A against B "
                          "%5%3 or more above the noise floor 80% of the time at the one-sided "
                          "alpha %6 (one-sample t-test on the differences; the sign-flip test "
                          "has about the same power). A smaller shift could go unseen%7.")
        .arg(c.items)
        .arg(NumberText::fixed(c.sdDifference, 4), unit, distance,
             NumberText::fixed(c.detectable.gap, 4),
             QString::number(detection::DistanceVerdict::kAlpha),
             v.detected() ? QString()
                          : QStringLiteral(", so this null result rules out only shifts about "
                                           "that large"));
}

QStringList DistanceComparisonText::bullets(const detection::DistanceVerdict& v,
                                            const QString& distance, const QString& unit)
{
    if (v.deterministic) {
        const detection::DeterministicDifference& d = v.difference;
        if (!d.valid)
            return {QStringLiteral("No comparison: %1")
                        .arg(ReportDocument::literal(QString::fromStdString(d.refusal)))};
        return {QStringLiteral("Temperature 0: the deterministic path. No statistics: with greedy "
                               "decoding any %1 between A and B is the model's response to the "
                               "change, provided the backend repeats itself.")
                    .arg(distance),
                d.stable ? QStringLiteral("Stability check passed: every same-versus-same %1 is "
                                          "exactly 0 (%2 items).")
                               .arg(distance)
                               .arg(d.nullCount)
                         : QStringLiteral("**Stability check failed**: A against A again is up to "
                                          "%1%2 apart, so the backend is not deterministic at "
                                          "these settings; run at a temperature above 0 to "
                                          "measure against the noise floor.")
                               .arg(NumberText::fixed(d.largestNull, 4), unit),
                QStringLiteral("Mean %1 of A against B: %2%3 (largest %4, %5 items).")
                    .arg(distance, NumberText::fixed(d.meanCounterfactual, 4), unit,
                         NumberText::fixed(d.largestCounterfactual, 4))
                    .arg(d.counterfactualCount)};
    }
    const detection::DistanceComparisonResult& c = v.comparison;
    if (!c.valid)
        return {QStringLiteral("No effect: %1")
                    .arg(ReportDocument::literal(QString::fromStdString(c.refusal)))};
    const detection::EffectAgainstNoise& e = c.effect;
    QStringList out;
    out << QStringLiteral("Mean %1 of A against B (D_cf): %2%3 over %4 items; of A against A "
                          "again (D_null, the noise floor): %5%3, standard deviation %6.")
               .arg(distance, NumberText::fixed(e.meanCounterfactual, 4), unit)
               .arg(e.counterfactualCount)
               .arg(NumberText::fixed(e.meanNull, 4), NumberText::fixed(e.sdNull, 4));
    out << QStringLiteral("Standardized effect (D_cf - mean D_null) / %1: **%2**.")
               .arg(e.floorApplied
                        ? QStringLiteral("the floor %1 (the null's spread, %2, is below it)")
                              .arg(NumberText::small(e.scale), NumberText::small(e.sdNull))
                        : QStringLiteral("std D_null"),
                    NumberText::signedFixed(e.effect, 2));
    out << QStringLiteral("%1% BCa bootstrap interval of the effect: [%2, %3] (%4 resamples, "
                          "stratified, seed %5).")
               .arg(qRound(e.level * 100))
               .arg(NumberText::signedFixed(e.lower, 2), NumberText::signedFixed(e.upper, 2))
               .arg(e.resamples)
               .arg(QString::number(e.seed));
    out << QStringLiteral("Permutation test, paired: the labels D_cf and D_null exchanged within "
                          "each item, which is the sign-flip test over the %1 items' D_cf - "
                          "D_null (mean %2%3; %4): %5, two-sided %6. The verdict reads the "
                          "one-sided p at alpha = %7, since only a %8 above the noise is a "
                          "detection.")
               .arg(c.items)
               .arg(NumberText::signedFixed(c.meanDifference, 4), unit,
                    signFlipMethodText(c.paired), verdictP(c), NumberText::pEquals(c.paired.p),
                    QString::number(detection::DistanceVerdict::kAlpha), distance);
    out << detectableText(v, distance, unit);
    return out;
}

QString DistanceComparisonText::numbers(const detection::DistanceVerdict& v)
{
    const detection::EffectAgainstNoise& e = v.comparison.effect;
    return QStringLiteral("effect %1 against the noise floor, %2% interval [%3, %4], "
                          "paired permutation %5")
        .arg(NumberText::signedFixed(e.effect, 2))
        .arg(qRound(e.level * 100))
        .arg(NumberText::signedFixed(e.lower, 2), NumberText::signedFixed(e.upper, 2),
             verdictP(v.comparison));
}

} // namespace pb

#include "grading/GraderBiasReport.h"

#include "judge/JudgeCallIndex.h"
#include "report/NumberText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>

namespace pb {

namespace {

constexpr double kSame = 1e-9;

GraderBiasArm armOf(const JudgeProbeDocument& doc, const JudgeRunAnalysis& run,
                    const QString& property)
{
    GraderBiasArm arm;
    arm.judgeName = run.judgeName;
    const PropertyEffect* effect = run.effect(property);
    if (!effect)
        return arm;
    arm.comparisons = effect->comparisons();
    arm.flips = effect->flips();
    arm.unscored = effect->unscored();
    for (const CriterionEffect& c : effect->criteria)
        arm.criteria << GraderBiasCriterion{c.criterionId, c.meanDelta, c.signFlip.p, c.comparisons,
                                            c.flips};
    if (!effect->total || effect->total->itemIds.isEmpty()) {
        // A pair has no weighted total: its flips are the effect, over the pairs compared.
        QStringList compared;
        for (const VerdictDelta& cell : effect->cells) {
            if (cell.compared() && !compared.contains(cell.itemId))
                compared << cell.itemId;
        }
        arm.pairs = int(compared.size());
        return arm;
    }
    arm.delta = effect->total->meanDelta;
    arm.p = effect->total->signFlip.p;
    // The means the delta is the difference of, over the same pairs PropertyEffect used.
    const JudgeCallIndex calls(run.calls);
    double control = 0.0;
    double treatment = 0.0;
    for (const QString& itemId : effect->total->itemIds) {
        const JudgeItem* item = doc.item(itemId);
        const JudgedCall* base = item ? calls.main(item->id, item->base.id) : nullptr;
        if (!base || !base->verdict.weightedTotal)
            continue;
        double sum = 0.0;
        int n = 0;
        for (const JudgeVariant& v : item->variants) {
            const JudgedCall* after = v.property == property ? calls.main(item->id, v.id) : nullptr;
            if (after && after->verdict.weightedTotal) {
                sum += *after->verdict.weightedTotal;
                ++n;
            }
        }
        if (n == 0)
            continue;
        ++arm.pairs;
        control += *base->verdict.weightedTotal;
        treatment += sum / n;
    }
    if (arm.pairs > 0) {
        arm.control = control / arm.pairs;
        arm.treatment = treatment / arm.pairs;
    }
    return arm;
}

QString number(double v, int decimals, bool sign = false)
{
    if (std::isnan(v))
        return QStringLiteral("n/a");
    return sign ? NumberText::signedFixed(v, decimals) : NumberText::fixed(v, decimals);
}

// The arm's effect in words: "+25.0 points (p = 0.031)" or "3 of 12 verdicts flipped".
QString effectText(const GraderBiasArm& arm)
{
    if (!arm.measured())
        return QStringLiteral("not measured");
    if (!std::isnan(arm.delta))
        return QStringLiteral("%1 points (%2, %3 pairs)")
            .arg(number(arm.delta, 1, true), NumberText::pEquals(arm.p))
            .arg(arm.pairs);
    return QStringLiteral("%1 of %2 verdicts flipped").arg(arm.flips).arg(arm.comparisons);
}

double sizeOf(const GraderBiasArm& arm)
{
    return std::isnan(arm.delta) ? double(arm.flips) : std::abs(arm.delta);
}

QJsonValue jsonNumber(double v)
{
    return std::isnan(v) ? QJsonValue() : QJsonValue(v);
}

QJsonArray criteriaJson(const GraderBiasArm& arm)
{
    QJsonArray out;
    for (const GraderBiasCriterion& c : arm.criteria)
        out.append(QJsonObject{{QStringLiteral("criterion"), c.criterionId},
                               {QStringLiteral("avg_delta"), jsonNumber(c.delta)},
                               {QStringLiteral("p"), c.p},
                               {QStringLiteral("comparisons"), c.comparisons},
                               {QStringLiteral("flips"), c.flips}});
    return out;
}

QJsonObject armJson(const GraderBiasArm& arm)
{
    return {{QStringLiteral("judge"), arm.judgeName},
            {QStringLiteral("pairs"), arm.pairs},
            {QStringLiteral("avg_control"), jsonNumber(arm.control)},
            {QStringLiteral("avg_treatment"), jsonNumber(arm.treatment)},
            {QStringLiteral("avg_delta"), jsonNumber(arm.delta)},
            {QStringLiteral("p"), arm.p},
            {QStringLiteral("comparisons"), arm.comparisons},
            {QStringLiteral("flips"), arm.flips},
            {QStringLiteral("unscored"), arm.unscored},
            {QStringLiteral("criteria"), criteriaJson(arm)}};
}

} // namespace

GraderBiasReport GraderBiasReport::compute(const JudgeProbeDocument& doc,
                                           const JudgeAnalysis& analysis,
                                           GraderBiasProbe::Bias bias,
                                           const QString& countermeasure)
{
    GraderBiasReport out;
    out.bias = GraderBiasProbe::biasName(bias);
    out.countermeasure = countermeasure;
    out.pairsInProbe = int(doc.items.size());
    const QString property = GraderBiasProbe::property(bias);
    for (const JudgeRunAnalysis& run : analysis.judges) {
        if (run.judgeName == QLatin1String(GraderBiasProbe::kAsGraded))
            out.asGraded = armOf(doc, run, property);
        else if (run.judgeName == QLatin1String(GraderBiasProbe::kCountered))
            out.countered = armOf(doc, run, property);
    }
    return out;
}

const GraderBiasCriterion* GraderBiasReport::counteredCriterion(const QString& criterionId) const
{
    for (const GraderBiasCriterion& c : countered.criteria) {
        if (c.criterionId == criterionId)
            return &c;
    }
    return nullptr;
}

QString GraderBiasReport::residualRisk() const
{
    if (!asGraded.measured())
        return QStringLiteral("Not measured: the grader scored no matched pair (its replies are "
                              "in report.md); nothing is known about this bias.");
    if (!countered.measured())
        return QStringLiteral("The bias as graded is %1; the countermeasure was not measured "
                              "(no pair scored with it), so the whole effect stands as the risk.")
            .arg(effectText(asGraded));
    const double before = sizeOf(asGraded);
    const double after = sizeOf(countered);
    if (before < kSame)
        return QStringLiteral("No effect as graded on these %1 pairs (%2); a bias these pairs do "
                              "not trigger, or one smaller than they can show, may remain.")
            .arg(pairsInProbe)
            .arg(effectText(asGraded));
    if (after >= before - kSame)
        return QStringLiteral("The countermeasure did not reduce the bias: %1 as graded, %2 with "
                              "it. The instruction did not change how the grader scores these "
                              "pairs; the whole effect remains, and a change outside the prompt "
                              "is needed.")
            .arg(effectText(asGraded), effectText(countered));
    if (after < kSame)
        return QStringLiteral("The countermeasure removed the effect on these pairs (%1 as "
                              "graded, %2 with it); other content, or other padding, may still "
                              "move the grader.")
            .arg(effectText(asGraded), effectText(countered));
    return QStringLiteral("The countermeasure reduced the bias from %1 to %2; the residual is a "
                          "risk that remains in every grade.")
        .arg(effectText(asGraded), effectText(countered));
}

QString GraderBiasReport::markdown() const
{
    QString out = QStringLiteral("# Bias of the grader: %1\n\n").arg(bias);
    out += QStringLiteral("%1 matched pairs from the graded submissions, judged by the grader as "
                          "it graded and again with the countermeasure.\n\n")
               .arg(pairsInProbe);
    out += QStringLiteral("| condition | avg score (control) | avg score (treatment) | avg delta "
                          "| after countermeasure delta |\n|---|---|---|---|---|\n");
    out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
               .arg(bias, number(asGraded.control, 1), number(asGraded.treatment, 1),
                    number(asGraded.delta, 1, true), number(countered.delta, 1, true));
    out += QStringLiteral("\n| judge | pairs scored | p (sign flip) | verdicts flipped |\n"
                          "|---|---|---|---|\n");
    for (const GraderBiasArm* arm : {&asGraded, &countered})
        out += QStringLiteral("| %1 | %2 | %3 | %4 of %5 |\n")
                   .arg(arm->judgeName)
                   .arg(arm->pairs)
                   .arg(std::isnan(arm->delta) ? QStringLiteral("n/a") : NumberText::pValue(arm->p))
                   .arg(arm->flips)
                   .arg(arm->comparisons);
    if (!asGraded.criteria.isEmpty()) {
        out += QStringLiteral("\n| criterion | avg level delta | after countermeasure delta | "
                              "verdicts flipped | after countermeasure flipped |\n"
                              "|---|---|---|---|---|\n");
        for (const GraderBiasCriterion& c : asGraded.criteria) {
            const GraderBiasCriterion* after = counteredCriterion(c.criterionId);
            out +=
                QStringLiteral("| %1 | %2 | %3 | %4 of %5 | %6 |\n")
                    .arg(c.criterionId, number(c.delta, 2, true),
                         after ? number(after->delta, 2, true) : QStringLiteral("n/a"))
                    .arg(c.flips)
                    .arg(c.comparisons)
                    .arg(after
                             ? QStringLiteral("%1 of %2").arg(after->flips).arg(after->comparisons)
                             : QStringLiteral("n/a"));
        }
    }
    out += QStringLiteral("\n**Countermeasure** (appended to the grader's instructions in the "
                          "system prompt): %1\n\n**Residual risk:** %2\n")
               .arg(countermeasure, residualRisk());
    return out;
}

QByteArray GraderBiasReport::json() const
{
    const QJsonObject o{{QStringLiteral("format"), QLatin1String(kFormat)},
                        {QStringLiteral("bias"), bias},
                        {QStringLiteral("pairs"), pairsInProbe},
                        {QStringLiteral("as_graded"), armJson(asGraded)},
                        {QStringLiteral("countermeasure"), countermeasure},
                        {QStringLiteral("after_countermeasure"), armJson(countered)},
                        {QStringLiteral("residual_risk"), residualRisk()}};
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

QString GraderBiasReport::console() const
{
    return QStringLiteral("%1 bias of the grader: %2 as graded; %3 with the countermeasure\n%4\n")
        .arg(bias, effectText(asGraded), effectText(countered), residualRisk());
}

} // namespace pb

#include "grading/PerCriterionComparison.h"

#include "grading/GradesCsv.h"
#include "report/NumberText.h"

#include <QJsonArray>
#include <cmath>

namespace pb {

namespace {

constexpr int kMultiplierDecimals = 2;

std::optional<double> ratio(double over, double under)
{
    return under > 0 ? std::optional<double>(over / under) : std::nullopt;
}

QJsonValue optionalJson(const std::optional<double>& v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

QString multiplierText(const std::optional<double>& v)
{
    return v ? QStringLiteral("x") + NumberText::fixed(*v, kMultiplierDecimals)
             : QStringLiteral("n/a");
}

QString optionalText(const std::optional<double>& v, int decimals, bool sign = false)
{
    if (!v)
        return QStringLiteral("n/a");
    return sign ? NumberText::signedFixed(*v, decimals) : NumberText::fixed(*v, decimals);
}

QString kappaText(const KappaEstimate& k)
{
    return k.defined ? NumberText::fixed(k.kappa, 3) : QStringLiteral("n/a");
}

// A side's token total, or why it is not one: calls without counts are never guessed at.
QString tokensText(const TokenTotals& t, bool input)
{
    const qint64 counted = input ? t.callsWithInput : t.callsWithOutput;
    if (counted < t.calls)
        return QStringLiteral("%1 (%2 calls without counts)")
            .arg(input ? t.input : t.output)
            .arg(t.calls - counted);
    return QString::number(input ? t.input : t.output);
}

QString costText(const RunCost& cost)
{
    const std::optional<TokenCost> c = cost.cost();
    return c ? NumberText::fixed(c->total(), 6) : QStringLiteral("n/a");
}

std::optional<RubricRevision> agreementOf(const Rubric& rubric, const GradingOutcome& before,
                                          const GradingOutcome& after,
                                          const QList<RaterSheet>& people, QString* note)
{
    if (people.size() < 2) {
        *note = people.isEmpty()
                    ? QStringLiteral("no finished blind sheet: agreement with people needs two "
                                     "or more")
                    : QStringLiteral("one finished blind sheet: agreement with people needs two "
                                     "or more");
        return std::nullopt;
    }
    const auto judge = [&](const GradingOutcome& o, const QString& source) {
        return RaterSheet{QStringLiteral("judge"), true,
                          GradesCsv::judgeSheet(rubric, o.rows, source)};
    };
    const std::optional<AgreementReport> all =
        AgreementReport::compute(rubric, people, judge(before, QStringLiteral("grades.csv")), note);
    const std::optional<AgreementReport> per =
        all ? AgreementReport::compute(
                  rubric, people, judge(after, QStringLiteral("per-criterion grades.csv")), note)
            : std::nullopt;
    return per ? RubricRevision::compare(*all, *per, note) : std::nullopt;
}

} // namespace

PerCriterionComparison PerCriterionComparison::compare(const Rubric& rubric,
                                                       const GradingOutcome* allAtOnce,
                                                       const GradingOutcome& perCriterion,
                                                       const QList<RaterSheet>& people,
                                                       const QString& allAtOnceCommand)
{
    PerCriterionComparison out;
    out.criteriaCount = int(rubric.criteria.size());
    out.perCriterionCost = perCriterion.cost;
    out.perCriterionNotGraded = int(perCriterion.notCalled.size());
    out.allAtOnceCommand = allAtOnceCommand;
    if (!allAtOnce) {
        out.agreementNote = QStringLiteral("no all-criteria grading to compare with");
        return out;
    }
    out.hasAllAtOnce = true;
    out.allAtOnceCost = allAtOnce->cost;
    out.allAtOnceNotGraded = int(allAtOnce->notCalled.size());
    for (qsizetype c = 0; c < rubric.criteria.size(); ++c) {
        Criterion criterion;
        criterion.id = rubric.criteria.at(c).id;
        double sum = 0;
        double absSum = 0;
        // Both outcomes hold one row per submission, in the folder's order.
        for (qsizetype s = 0; s < perCriterion.rows.size() && s < allAtOnce->rows.size(); ++s) {
            const std::optional<int> before = allAtOnce->rows.at(s).cells.value(c).level;
            const std::optional<int> after = perCriterion.rows.at(s).cells.value(c).level;
            if (!before || !after)
                continue;
            ++criterion.compared;
            criterion.changed += *before != *after ? 1 : 0;
            sum += *after - *before;
            absSum += std::abs(*after - *before);
        }
        if (criterion.compared > 0) {
            criterion.meanChange = sum / criterion.compared;
            criterion.meanAbsChange = absSum / criterion.compared;
        }
        out.levelsCompared += criterion.compared;
        out.levelsChanged += criterion.changed;
        out.criteria << criterion;
    }
    out.agreement = agreementOf(rubric, *allAtOnce, perCriterion, people, &out.agreementNote);
    return out;
}

std::optional<double> PerCriterionComparison::callsMultiplier() const
{
    if (!hasAllAtOnce)
        return std::nullopt;
    return ratio(double(perCriterionCost.total().calls), double(allAtOnceCost.total().calls));
}

std::optional<double> PerCriterionComparison::inputMultiplier() const
{
    const TokenTotals per = perCriterionCost.total();
    const TokenTotals all = allAtOnceCost.total();
    if (!hasAllAtOnce || per.callsWithInput < per.calls || all.callsWithInput < all.calls)
        return std::nullopt;
    return ratio(double(per.input), double(all.input));
}

std::optional<double> PerCriterionComparison::outputMultiplier() const
{
    const TokenTotals per = perCriterionCost.total();
    const TokenTotals all = allAtOnceCost.total();
    if (!hasAllAtOnce || per.callsWithOutput < per.calls || all.callsWithOutput < all.calls)
        return std::nullopt;
    return ratio(double(per.output), double(all.output));
}

std::optional<double> PerCriterionComparison::costMultiplier() const
{
    const std::optional<TokenCost> per = perCriterionCost.cost();
    const std::optional<TokenCost> all = allAtOnceCost.cost();
    if (!hasAllAtOnce || !per || !all || perCriterionCost.total().uncounted() > 0 ||
        allAtOnceCost.total().uncounted() > 0)
        return std::nullopt;
    return ratio(per->total(), all->total());
}

QByteArray PerCriterionComparison::markdown() const
{
    QString md = QStringLiteral("# Grading one criterion per call\n\n");
    if (!hasAllAtOnce) {
        md += QStringLiteral("The store holds no all-criteria grading of these files, so there "
                             "is nothing to compare with. Grade them all at once first (`%1`), "
                             "then run this again: it calls nothing twice.\n\n")
                  .arg(allAtOnceCommand);
        md += perCriterionCost.markdown();
        return md.toUtf8();
    }
    md += QStringLiteral("%1 criteria, each graded in a call of its own, against the same "
                         "files graded with every criterion in one call, in the same store.\n")
              .arg(criteriaCount);
    if (allAtOnceNotGraded > 0 || perCriterionNotGraded > 0)
        md += QStringLiteral("\nNot finished: %1 submissions not graded yet all at once, %2 "
                             "per criterion; the multipliers cover the calls made so far.\n")
                  .arg(allAtOnceNotGraded)
                  .arg(perCriterionNotGraded);
    const TokenTotals all = allAtOnceCost.total();
    const TokenTotals per = perCriterionCost.total();
    md += QStringLiteral("\n## Cost multiplier\n\n"
                         "Per criterion / all at once. A call is one submission's judge call "
                         "(its re-asks inside it, their tokens summed); a token side is compared "
                         "only when every call reported it.\n\n"
                         "| measure | all at once | per criterion | multiplier |\n"
                         "| --- | --- | --- | --- |\n");
    md += QStringLiteral("| calls | %1 | %2 | %3 |\n")
              .arg(all.calls)
              .arg(per.calls)
              .arg(multiplierText(callsMultiplier()));
    md += QStringLiteral("| input tokens | %1 | %2 | %3 |\n")
              .arg(tokensText(all, true), tokensText(per, true), multiplierText(inputMultiplier()));
    md += QStringLiteral("| output tokens | %1 | %2 | %3 |\n")
              .arg(tokensText(all, false), tokensText(per, false),
                   multiplierText(outputMultiplier()));
    md += QStringLiteral("| cost | %1 | %2 | %3 |\n")
              .arg(costText(allAtOnceCost), costText(perCriterionCost),
                   multiplierText(costMultiplier()));
    md += QStringLiteral("\n## Effect on the levels\n\n%1 of %2 levels changed (submissions both "
                         "gradings gave that criterion a level).\n\n"
                         "| criterion | compared | changed | mean change | mean absolute change |\n"
                         "| --- | --- | --- | --- | --- |\n")
              .arg(levelsChanged)
              .arg(levelsCompared);
    for (const Criterion& c : criteria)
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                  .arg(c.id)
                  .arg(c.compared)
                  .arg(c.changed)
                  .arg(optionalText(c.meanChange, 2, true), optionalText(c.meanAbsChange, 2));
    md += QStringLiteral("\n## Agreement with people\n\n");
    if (!agreement) {
        md += agreementNote + QStringLiteral(".\n");
    } else {
        md += QStringLiteral("Each finished blind sheet against the judge graded all at once "
                             "and one criterion per call; Cohen's kappa, unweighted.\n\n"
                             "| criterion | person | kappa all at once | kappa per criterion |\n"
                             "| --- | --- | --- | --- |\n");
        for (const RubricRevision::Row& r : agreement->rows)
            md += QStringLiteral("| %1 | %2 | %3 | %4 |\n")
                      .arg(r.criterionId, r.person, kappaText(r.kappaBefore),
                           kappaText(r.kappaAfter));
    }
    md += QLatin1Char('\n') + perCriterionCost.markdown();
    return md.toUtf8();
}

QJsonObject PerCriterionComparison::toJson() const
{
    QJsonObject json{{QStringLiteral("format"), QLatin1String(kFormat)},
                     {QStringLiteral("criteria_count"), criteriaCount},
                     {QStringLiteral("all_criteria_run"), hasAllAtOnce},
                     {QStringLiteral("per_criterion_tokens"), perCriterionCost.toJson()},
                     {QStringLiteral("per_criterion_not_graded"), perCriterionNotGraded}};
    if (!hasAllAtOnce) {
        json.insert(QStringLiteral("needs"), allAtOnceCommand);
        return json;
    }
    QJsonArray perCriterion;
    for (const Criterion& c : criteria)
        perCriterion.append(
            QJsonObject{{QStringLiteral("id"), c.id},
                        {QStringLiteral("compared"), c.compared},
                        {QStringLiteral("changed"), c.changed},
                        {QStringLiteral("mean_change"), optionalJson(c.meanChange)},
                        {QStringLiteral("mean_abs_change"), optionalJson(c.meanAbsChange)}});
    json.insert(QStringLiteral("all_criteria_tokens"), allAtOnceCost.toJson());
    json.insert(QStringLiteral("all_criteria_not_graded"), allAtOnceNotGraded);
    json.insert(QStringLiteral("multipliers"),
                QJsonObject{{QStringLiteral("calls"), optionalJson(callsMultiplier())},
                            {QStringLiteral("input_tokens"), optionalJson(inputMultiplier())},
                            {QStringLiteral("output_tokens"), optionalJson(outputMultiplier())},
                            {QStringLiteral("cost"), optionalJson(costMultiplier())}});
    json.insert(QStringLiteral("levels_compared"), levelsCompared);
    json.insert(QStringLiteral("levels_changed"), levelsChanged);
    json.insert(QStringLiteral("criteria"), perCriterion);
    json.insert(QStringLiteral("agreement"),
                agreement ? QJsonValue(agreement->toJson()) : QJsonValue(agreementNote));
    return json;
}

QString PerCriterionComparison::console() const
{
    if (!hasAllAtOnce)
        return QStringLiteral("per criterion: no all-criteria grading of these files in the "
                              "store to compare with; grade them all at once first (%1)\n")
            .arg(allAtOnceCommand);
    QString out = QStringLiteral("per criterion / all at once: calls %1, input tokens %2, output "
                                 "tokens %3, cost %4\n")
                      .arg(multiplierText(callsMultiplier()), multiplierText(inputMultiplier()),
                           multiplierText(outputMultiplier()), multiplierText(costMultiplier()));
    QStringList changes;
    for (const Criterion& c : criteria)
        changes << QStringLiteral("%1 %2").arg(c.id, optionalText(c.meanChange, 2, true));
    out += QStringLiteral("effect: %1 of %2 levels changed; mean change %3\n")
               .arg(levelsChanged)
               .arg(levelsCompared)
               .arg(changes.join(QStringLiteral(", ")));
    if (agreement) {
        for (const RubricRevision::Row& r : agreement->rows)
            out += QStringLiteral("  %1, %2: kappa %3 -> %4\n")
                       .arg(r.criterionId, r.person, kappaText(r.kappaBefore),
                            kappaText(r.kappaAfter));
    }
    return out;
}

} // namespace pb

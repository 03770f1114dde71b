#include "grading/RubricRevision.h"

#include "report/NumberText.h"

#include <QJsonArray>

namespace pb {

namespace {

QString kappaText(const KappaEstimate& k)
{
    return k.defined ? NumberText::fixed(k.kappa, 3) : QStringLiteral("n/a");
}

QString percentText(const std::optional<double>& p)
{
    return p ? NumberText::fixed(*p, 1) + QLatin1Char('%') : QStringLiteral("n/a");
}

QString change(const KappaEstimate& before, const KappaEstimate& after)
{
    if (!before.defined || !after.defined)
        return QStringLiteral("n/a");
    return NumberText::signedFixed(after.kappa - before.kappa, 3);
}

QJsonValue kappaJson(const KappaEstimate& k)
{
    return k.defined ? QJsonValue(k.kappa) : QJsonValue();
}

QStringList people(const AgreementReport& report)
{
    QStringList out;
    for (const RaterSheet& r : report.raters) {
        if (!r.judge)
            out << r.rater;
    }
    return out;
}

const AgreementPair* judgePair(const AgreementReport& report, const QString& person)
{
    for (const AgreementPair& p : report.pairs) {
        if (p.humanJudge && p.firstRater == person)
            return &p;
    }
    return nullptr;
}

} // namespace

std::optional<RubricRevision> RubricRevision::compare(const AgreementReport& before,
                                                      const AgreementReport& after, QString* error)
{
    if (!before.hasJudge() || !after.hasJudge()) {
        *error = QStringLiteral("before and after each need the judge's grades.csv");
        return std::nullopt;
    }
    if (before.rubric.ids() != after.rubric.ids()) {
        *error = QStringLiteral("the revision's criteria (%1) are not the rubric's (%2); a "
                                "revision rewrites a criterion's levels, it keeps its id")
                     .arg(after.rubric.ids().join(QStringLiteral(", ")),
                          before.rubric.ids().join(QStringLiteral(", ")));
        return std::nullopt;
    }
    if (people(before) != people(after) || before.files != after.files) {
        *error = QStringLiteral("before and after must rest on the same people's sheets of the "
                                "same calibration files");
        return std::nullopt;
    }
    RubricRevision out;
    for (qsizetype c = 0; c < before.rubric.criteria.size(); ++c) {
        for (const QString& person : people(before)) {
            const AgreementPair* b = judgePair(before, person);
            const AgreementPair* a = judgePair(after, person);
            if (!b || !a || c >= b->criteria.size() || c >= a->criteria.size())
                continue;
            const CriterionAgreement& x = b->criteria.at(c);
            const CriterionAgreement& y = a->criteria.at(c);
            out.rows << Row{x.criterionId, person,       x.percentAgreement, y.percentAgreement,
                            x.unweighted,  y.unweighted, x.quadratic,        y.quadratic};
        }
    }
    out.worstBefore = before.worst ? before.worst->criterionId : QString();
    out.worstAfter = after.worst ? after.worst->criterionId : QString();
    return out;
}

QJsonObject RubricRevision::toJson() const
{
    QJsonArray rowsJson;
    for (const Row& r : rows)
        rowsJson.append(
            QJsonObject{{QStringLiteral("criterion"), r.criterionId},
                        {QStringLiteral("person"), r.person},
                        {QStringLiteral("percent_agreement_before"),
                         r.percentBefore ? QJsonValue(*r.percentBefore) : QJsonValue()},
                        {QStringLiteral("percent_agreement_after"),
                         r.percentAfter ? QJsonValue(*r.percentAfter) : QJsonValue()},
                        {QStringLiteral("kappa_before"), kappaJson(r.kappaBefore)},
                        {QStringLiteral("kappa_after"), kappaJson(r.kappaAfter)},
                        {QStringLiteral("quadratic_kappa_before"), kappaJson(r.quadraticBefore)},
                        {QStringLiteral("quadratic_kappa_after"), kappaJson(r.quadraticAfter)}});
    return {{QStringLiteral("rows"), rowsJson},
            {QStringLiteral("worst_before"), worstBefore},
            {QStringLiteral("worst_after"), worstAfter}};
}

QByteArray RubricRevision::markdown() const
{
    QString md = QStringLiteral(
        "# Before and after the rubric revision\n\n"
        "Each person's sheet against the judge graded on the rubric before the revision and on "
        "the revision, on the same calibration files. Kappa is Cohen's, unweighted; quadratic "
        "is the quadratic-weighted kappa.\n\n"
        "| criterion | person | agreement before | agreement after | kappa before | kappa after "
        "| change | quadratic before | quadratic after |\n"
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for (const Row& r : rows)
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 |\n")
                  .arg(r.criterionId, r.person, percentText(r.percentBefore),
                       percentText(r.percentAfter), kappaText(r.kappaBefore),
                       kappaText(r.kappaAfter), change(r.kappaBefore, r.kappaAfter),
                       kappaText(r.quadraticBefore), kappaText(r.quadraticAfter));
    md += QStringLiteral("\nWorst human-judge criterion before: %1; after: %2.\n")
              .arg(worstBefore.isEmpty() ? QStringLiteral("none") : worstBefore,
                   worstAfter.isEmpty() ? QStringLiteral("none") : worstAfter);
    return md.toUtf8();
}

QString RubricRevision::console() const
{
    QString out = QStringLiteral("before -> after the revision (judge against each person):\n");
    for (const Row& r : rows)
        out += QStringLiteral("  %1, %2: kappa %3 -> %4 (%5), agreement %6 -> %7\n")
                   .arg(r.criterionId, r.person, kappaText(r.kappaBefore), kappaText(r.kappaAfter),
                        change(r.kappaBefore, r.kappaAfter), percentText(r.percentBefore),
                        percentText(r.percentAfter));
    out += QStringLiteral("  worst criterion before: %1; after: %2\n")
               .arg(worstBefore.isEmpty() ? QStringLiteral("none") : worstBefore,
                    worstAfter.isEmpty() ? QStringLiteral("none") : worstAfter);
    return out;
}

} // namespace pb

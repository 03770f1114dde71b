#include "grading/AgreementReport.h"

#include "grading/CalibrationAgreement.h"
#include "report/StatisticJson.h"

#include <QJsonArray>

namespace pb {

namespace {

// The judge's sheet over the calibration files only: the judge grades every submission, and
// the ones no person scored say nothing about agreement.
ScoreSheet calibrationOnly(const ScoreSheet& judge, const QStringList& files)
{
    ScoreSheet out = judge;
    out.rows.clear();
    for (const ScoreSheetRow& row : judge.rows) {
        if (files.contains(row.filename))
            out.rows << row;
    }
    return out;
}

QJsonObject kappaJson(const KappaEstimate& k)
{
    QJsonObject o{{QStringLiteral("weights"), CohenKappa::weightsName(k.weights)},
                  {QStringLiteral("defined"), k.defined}};
    if (!k.defined)
        return o;
    o.insert(QStringLiteral("kappa"), jsonNumber(k.kappa));
    o.insert(QStringLiteral("observed"), jsonNumber(k.observed));
    o.insert(QStringLiteral("expected"), jsonNumber(k.expected));
    o.insert(QStringLiteral("standard_error"), jsonNumber(k.standardError));
    o.insert(QStringLiteral("ci95"), QJsonArray{jsonNumber(k.lower), jsonNumber(k.upper)});
    o.insert(QStringLiteral("band"), k.band());
    return o;
}

QJsonObject matrixJson(const ConfusionMatrix& m)
{
    QJsonArray levels;
    QJsonArray counts;
    for (qsizetype r = 0; r < m.size(); ++r) {
        levels.append(m.levels().at(r));
        QJsonArray row;
        for (qsizetype c = 0; c < m.size(); ++c)
            row.append(m.count(r, c));
        counts.append(row);
    }
    return {{QStringLiteral("levels"), levels},
            {QStringLiteral("counts"), counts},
            {QStringLiteral("scored_by_both"), m.total()},
            {QStringLiteral("excluded"), m.excluded()}};
}

QJsonObject alphaJson(const AlphaEstimate& a)
{
    QJsonObject o{{QStringLiteral("metric"), KrippendorffAlpha::metricName(a.metric)},
                  {QStringLiteral("defined"), a.defined},
                  {QStringLiteral("pairable_values"), a.pairableValues},
                  {QStringLiteral("pairable_units"), a.pairableUnits},
                  {QStringLiteral("missing_values"), a.missingValues}};
    if (a.defined) {
        o.insert(QStringLiteral("alpha"), jsonNumber(a.alpha));
        o.insert(QStringLiteral("observed_disagreement"), jsonNumber(a.observedDisagreement));
        o.insert(QStringLiteral("expected_disagreement"), jsonNumber(a.expectedDisagreement));
    }
    return o;
}

} // namespace

std::optional<AgreementReport> AgreementReport::compute(const Rubric& rubric,
                                                        const QList<RaterSheet>& people,
                                                        const std::optional<RaterSheet>& judge,
                                                        QString* error)
{
    if (people.size() < 2) {
        *error = QStringLiteral("agreement needs the sheets of at least two people, not %1")
                     .arg(people.size());
        return std::nullopt;
    }
    AgreementReport report;
    report.rubric = rubric;
    report.raters = people;
    QList<ScoreSheet> peopleSheets;
    for (const RaterSheet& p : people)
        peopleSheets << p.sheet;
    report.files = CalibrationAgreement::files(peopleSheets);
    if (judge) {
        RaterSheet j = *judge;
        j.judge = true;
        j.sheet = calibrationOnly(judge->sheet, report.files);
        for (const QString& f : report.files) {
            if (!j.sheet.row(f))
                report.judgeMissing << f;
        }
        report.raters << j;
    }
    for (qsizetype a = 0; a < report.raters.size(); ++a) {
        for (qsizetype b = a + 1; b < report.raters.size(); ++b) {
            if (report.raters.at(a).rater == report.raters.at(b).rater) {
                *error = QStringLiteral("two raters are both named \"%1\"")
                             .arg(report.raters.at(a).rater);
                return std::nullopt;
            }
        }
    }
    // People with people first, then each person with the judge.
    for (int judgePairs = 0; judgePairs < 2; ++judgePairs) {
        for (qsizetype a = 0; a < report.raters.size(); ++a) {
            for (qsizetype b = a + 1; b < report.raters.size(); ++b) {
                const RaterSheet& first = report.raters.at(a);
                const RaterSheet& second = report.raters.at(b);
                const bool humanJudge = first.judge || second.judge;
                if (humanJudge != (judgePairs == 1))
                    continue;
                std::optional<QList<CriterionAgreement>> criteria = CalibrationAgreement::compare(
                    rubric, first.sheet, first.rater, second.sheet, second.rater, error);
                if (!criteria)
                    return std::nullopt;
                report.pairs << AgreementPair{first.rater, second.rater, humanJudge, *criteria};
            }
        }
    }
    if (report.raters.size() > 2) {
        QList<ScoreSheet> all;
        for (const RaterSheet& r : report.raters)
            all << r.sheet;
        std::optional<QList<AlphaEstimate>> alpha =
            CalibrationAgreement::alpha(rubric, all, AlphaMetric::Ordinal, error);
        if (!alpha)
            return std::nullopt;
        report.alpha = *alpha;
    }
    QList<CriterionAgreement> humanJudge;
    for (const AgreementPair& p : report.pairs) {
        if (p.humanJudge)
            humanJudge += p.criteria;
    }
    report.worst = WorstCriterion::find(humanJudge, kWorstBy);
    return report;
}

QJsonObject AgreementReport::toJson() const
{
    QJsonArray raterArray;
    for (const RaterSheet& r : raters)
        raterArray.append(QJsonObject{{QStringLiteral("name"), r.rater},
                                      {QStringLiteral("judge"), r.judge},
                                      {QStringLiteral("source"), r.sheet.sourceName},
                                      {QStringLiteral("rows"), r.sheet.rows.size()}});
    QJsonArray pairArray;
    for (const AgreementPair& p : pairs) {
        QJsonArray criteria;
        for (const CriterionAgreement& a : p.criteria) {
            criteria.append(
                QJsonObject{{QStringLiteral("criterion"), a.criterionId},
                            {QStringLiteral("percent_agreement"),
                             a.percentAgreement ? jsonNumber(*a.percentAgreement) : QJsonValue()},
                            {QStringLiteral("kappa"), kappaJson(a.unweighted)},
                            {QStringLiteral("kappa_linear"), kappaJson(a.linear)},
                            {QStringLiteral("kappa_quadratic"), kappaJson(a.quadratic)},
                            {QStringLiteral("confusion_matrix"), matrixJson(a.matrix)}});
        }
        pairArray.append(
            QJsonObject{{QStringLiteral("first"), p.firstRater},
                        {QStringLiteral("second"), p.secondRater},
                        {QStringLiteral("kind"), p.humanJudge ? QStringLiteral("human-judge")
                                                              : QStringLiteral("human-human")},
                        {QStringLiteral("criteria"), criteria}});
    }
    QJsonObject out{{QStringLiteral("format"), QLatin1String(kFormat)},
                    {QStringLiteral("rubric"), rubric.title},
                    {QStringLiteral("criteria"), QJsonArray::fromStringList(rubric.ids())},
                    {QStringLiteral("raters"), raterArray},
                    {QStringLiteral("files"), QJsonArray::fromStringList(files)},
                    {QStringLiteral("judge_missing"), QJsonArray::fromStringList(judgeMissing)},
                    {QStringLiteral("pairs"), pairArray}};
    if (!alpha.isEmpty()) {
        QJsonArray alphas;
        for (qsizetype i = 0; i < alpha.size() && i < rubric.criteria.size(); ++i) {
            QJsonObject a = alphaJson(alpha.at(i));
            a.insert(QStringLiteral("criterion"), rubric.criteria.at(i).id);
            alphas.append(a);
        }
        out.insert(QStringLiteral("krippendorff_alpha"), alphas);
    }
    if (worst) {
        QJsonObject w{{QStringLiteral("criterion"), worst->criterionId},
                      {QStringLiteral("measure"), WorstCriterion::measureName(worst->measure)},
                      {QStringLiteral("value"), jsonNumber(worst->value)},
                      {QStringLiteral("first"), worst->firstRater},
                      {QStringLiteral("second"), worst->secondRater},
                      {QStringLiteral("disagreement"), worst->disagreementText()}};
        if (worst->disagreement)
            w.insert(QStringLiteral("most_frequent_disagreement"),
                     QJsonObject{{QStringLiteral("first_level"), worst->disagreement->firstLevel},
                                 {QStringLiteral("second_level"), worst->disagreement->secondLevel},
                                 {QStringLiteral("count"), worst->disagreement->count}});
        out.insert(QStringLiteral("worst_human_judge"), w);
    } else {
        out.insert(QStringLiteral("worst_human_judge"), QJsonValue());
    }
    return out;
}

} // namespace pb

#include "nameset/NameSetResultsFolder.h"

#include "csv/CsvTable.h"
#include "log/CsvLogWriter.h"
#include "nameset/NameSetReport.h"
#include "report/ResultsFolder.h"
#include "report/StatisticJson.h"
#include "store/RunStore.h"

#include <QJsonArray>

namespace pb {

namespace {

QString q(const std::string& text)
{
    return QString::fromStdString(text);
}

QJsonObject count(const groups::FavourableCount& c)
{
    return {{QStringLiteral("favourable"), c.successes}, {QStringLiteral("of"), c.trials}};
}

QString text(const QString& cellText)
{
    return CsvTable::escapeControls(CsvTable::neutraliseFormula(cellText));
}

} // namespace

QJsonObject NameSetResultsFolder::summary(const NameSetDocument& doc, const NameSetAnalysis& a)
{
    QJsonObject out{
        {QStringLiteral("format"), QLatin1String(kSummaryFormat)},
        {QStringLiteral("title"), doc.title},
        {QStringLiteral("verdict"), NameSetReport::verdict(a)},
        {QStringLiteral("has_result"), a.hasResult()},
        {QStringLiteral("significant"), a.significant()},
        {QStringLiteral("alpha"), a.alpha},
        {QStringLiteral("calls_planned"), a.planned},
        {QStringLiteral("calls_recorded"), a.answered},
        {QStringLiteral("calls_scored"), a.scored},
        {QStringLiteral("tokens"), a.cost.toJson()},
        {QStringLiteral("largest_group_gap"), jsonNumber(a.largestGroupGap())},
        {QStringLiteral("minimum_detectable_group_gap"),
         a.detectableGroupGap().valid ? jsonNumber(a.detectableGroupGap().gap) : QJsonValue()}};
    QJsonArray gaps;
    for (const NameSetAnalysis::Gap& g : a.gaps)
        gaps.append(
            QJsonObject{{QStringLiteral("name"), g.name},
                        {QStringLiteral("group"), g.group},
                        {QStringLiteral("seed"), QString::number(g.seed)},
                        {QStringLiteral("error_code"),
                         g.failed ? QStringLiteral("no-reply") : QStringLiteral("invalid-reply")}});
    out.insert(QStringLiteral("data_quality_gaps"), gaps);
    if (!a.table)
        return out;
    QJsonArray groupRows;
    for (const groups::GroupSummary& g : a.table->groups())
        groupRows.append(QJsonObject{{QStringLiteral("group"), q(g.group)},
                                     {QStringLiteral("names"), g.names},
                                     {QStringLiteral("scored"), g.scored},
                                     {QStringLiteral("excluded"), g.excluded},
                                     {QStringLiteral("score_mean"), jsonNumber(g.scoreMean)},
                                     {QStringLiteral("score_sd"), jsonNumber(g.scoreSd)},
                                     {QStringLiteral("name_mean_mean"), jsonNumber(g.nameMeanMean)},
                                     {QStringLiteral("name_mean_sd"), jsonNumber(g.nameMeanSd)},
                                     {QStringLiteral("decisions"), count(g.favourable)}});
    out.insert(QStringLiteral("groups"), groupRows);
    QJsonArray nameRows;
    for (const groups::NameSummary& n : a.table->names())
        nameRows.append(QJsonObject{{QStringLiteral("name"), q(n.name)},
                                    {QStringLiteral("group"), q(n.group)},
                                    {QStringLiteral("replies"), n.replies},
                                    {QStringLiteral("scored"), n.scored},
                                    {QStringLiteral("score_mean"), jsonNumber(n.scoreMean)},
                                    {QStringLiteral("score_sd"), jsonNumber(n.scoreSd)},
                                    {QStringLiteral("decisions"), count(n.favourable)}});
    out.insert(QStringLiteral("names"), nameRows);
    const groups::NamePermutationResult& p = a.permutation;
    QJsonObject permutation{
        {QStringLiteral("p"), jsonNumber(p.p)},
        {QStringLiteral("statistic"), jsonNumber(p.observed)},
        {QStringLiteral("exact"), p.method == groups::NamePermutationMethod::Exact}};
    if (p.method == groups::NamePermutationMethod::Exact)
        permutation.insert(QStringLiteral("assignments"), p.assignments);
    else {
        permutation.insert(QStringLiteral("samples"), p.samples);
        permutation.insert(QStringLiteral("standard_error"), jsonNumber(p.standardError));
    }
    out.insert(
        QStringLiteral("tests"),
        QJsonObject{
            {QStringLiteral("names_permutation"), permutation},
            {QStringLiteral("anova"),
             QJsonObject{{QStringLiteral("f"), jsonNumber(a.anova.f)},
                         {QStringLiteral("df"), QJsonArray{a.anova.dfBetween, a.anova.dfWithin}},
                         {QStringLiteral("p"), jsonNumber(a.anova.p)},
                         {QStringLiteral("eta_squared"), jsonNumber(a.anova.etaSquared)}}},
            {QStringLiteral("kruskal_wallis"),
             QJsonObject{
                 {QStringLiteral("h"), jsonNumber(a.kruskal.h)},
                 {QStringLiteral("df"), a.kruskal.df},
                 {QStringLiteral("p"), jsonNumber(a.kruskal.p)},
                 {QStringLiteral("epsilon_squared"), jsonNumber(a.kruskal.epsilonSquared)}}},
            {QStringLiteral("decisions"),
             QJsonObject{
                 {QStringLiteral("test"), q(a.decisions.testName())},
                 {QStringLiteral("p"), jsonNumber(a.decisions.p)},
                 {QStringLiteral("chi_squared"), jsonNumber(a.decisions.chiSquared.statistic)},
                 {QStringLiteral("df"), a.decisions.chiSquared.df},
                 {QStringLiteral("cramers_v"), jsonNumber(a.decisions.chiSquared.cramersV)},
                 {QStringLiteral("why"), q(a.decisions.reason)}}}});
    QJsonArray fifths;
    for (const groups::FourFifthsRow& row : a.fourFifths.rows)
        fifths.append(QJsonObject{{QStringLiteral("group"), q(row.rate.group)},
                                  {QStringLiteral("favourable"), row.rate.successes},
                                  {QStringLiteral("of"), row.rate.trials},
                                  {QStringLiteral("impact_ratio"), jsonNumber(row.impactRatio)},
                                  {QStringLiteral("highest"), row.highest},
                                  {QStringLiteral("flagged"), row.flagged},
                                  {QStringLiteral("one_person_flips"), row.flip.fragile}});
    out.insert(
        QStringLiteral("four_fifths"),
        QJsonObject{{QStringLiteral("groups"), fifths},
                    {QStringLiteral("any_flagged"), a.fourFifths.anyFlagged},
                    {QStringLiteral("caveat"), q(std::string(groups::FourFifthsRule::kCaveat))}});
    QJsonArray warnings;
    if (a.namesPerGroup.warn())
        warnings.append(q(a.namesPerGroup.message()));
    out.insert(QStringLiteral("warnings"), warnings);
    if (a.noise) {
        QJsonArray moves;
        for (const SeedBlockCheck::GroupMove& m : a.noise->groups)
            moves.append(QJsonObject{{QStringLiteral("group"), m.group},
                                     {QStringLiteral("probe_mean"), jsonNumber(m.probeMean)},
                                     {QStringLiteral("noise_mean"), jsonNumber(m.noiseMean)}});
        out.insert(QStringLiteral("noise_check"),
                   QJsonObject{{QStringLiteral("names"), a.noise->names()},
                               {QStringLiteral("average_move"), jsonNumber(a.noise->averageMove)},
                               {QStringLiteral("sign_flip"), signFlipJson(a.noise->signFlip)},
                               {QStringLiteral("groups"), moves}});
    } else {
        out.insert(QStringLiteral("noise_check"), QJsonValue());
    }
    return out;
}

QStringList NameSetResultsFolder::logHeader()
{
    return {QStringLiteral("time"),
            QStringLiteral("name"),
            QStringLiteral("group"),
            QStringLiteral("arm"),
            QStringLiteral("seed"),
            QStringLiteral("attempt"),
            QStringLiteral("decision"),
            QStringLiteral("score"),
            QStringLiteral("validation_error"),
            QStringLiteral("error_code"),
            QStringLiteral("model"),
            QStringLiteral("model_digest"),
            QStringLiteral("prompt_sha256"),
            QStringLiteral("raw_reply"),
            QStringLiteral("input_tokens"),
            QStringLiteral("output_tokens")};
}

bool NameSetResultsFolder::log(const RunStore& store, qint64 runId, QByteArray* out, QString* error)
{
    *out = CsvTable::formatRecord(logHeader());
    return store.eachCall(
        runId, RunStore::CallTexts::Whole,
        [out](const LoggedCall& c) {
            const QJsonObject d = c.details.value(QLatin1String("name_set")).toObject();
            const QJsonArray attempts = d.value(QLatin1String("attempts")).toArray();
            const QString sha = d.value(QLatin1String("prompt_sha256")).toString();
            // A call's tokens, every attempt's summed, sit on its last attempt's row, so the
            // column sums to the run's total.
            auto row = [&](const QString& time, int attempt, const QString& decision,
                           const QString& score, const QString& errors, const QString& code,
                           const QString& reply, bool last) {
                out->append(CsvTable::formatRecord(
                    {time, text(c.itemId), text(c.variant), callArmName(c.arm),
                     QString::number(c.seed), QString::number(attempt), text(decision), score,
                     text(errors), code,
                     text(c.modelReported.isEmpty() ? c.model : c.modelReported), c.modelDigest,
                     sha, text(reply), last ? CsvLogWriter::countCell(c.tokens.input) : QString(),
                     last ? CsvLogWriter::countCell(c.tokens.output) : QString()}));
            };
            if (attempts.isEmpty()) { // no reply at all
                row(c.time.toString(Qt::ISODateWithMs), 0, {}, {}, {},
                    QStringLiteral("no-reply: ") + c.errorKind, {}, true);
                return;
            }
            for (qsizetype i = 0; i < attempts.size(); ++i) {
                const QJsonObject t = attempts[i].toObject();
                const bool last = i == attempts.size() - 1;
                const QStringList errors =
                    t.value(QLatin1String("errors")).toVariant().toStringList();
                const bool scored = last && c.metricValue.has_value();
                row(t.value(QLatin1String("time")).toString(), int(i + 1),
                    scored ? d.value(QLatin1String("decision")).toString() : QString(),
                    scored ? QString::number(*c.metricValue, 'g', 15) : QString(),
                    errors.join(QStringLiteral("; ")),
                    last && !scored ? d.value(QLatin1String("error_code")).toString() : QString(),
                    t.value(QLatin1String("reply")).toString(), last);
            }
        },
        error);
}

bool NameSetResultsFolder::write(const QString& folder, const NameSetDocument& doc,
                                 const NameSetAnalysis& analysis, const RunStore& store,
                                 qint64 runId, const ResultsEvidence& evidence, QString* error)
{
    QByteArray csv;
    if (!log(store, runId, &csv, error))
        return false;
    const ResultsFolder results(folder);
    return results.prepare(error) &&
           results.write(
               evidence,
               {{QStringLiteral("log.csv"), csv},
                {QStringLiteral("report.md"), NameSetReport::markdown(doc, analysis).toUtf8()}},
               summary(doc, analysis), error);
}

} // namespace pb

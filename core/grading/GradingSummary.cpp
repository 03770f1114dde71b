#include "grading/GradingSummary.h"

#include "report/NumberText.h"
#include "report/StatisticJson.h"

#include <QJsonArray>

namespace pb {

namespace {

constexpr int kRateDecimals = 2;

QString countsLine(const GradingOutcome& o)
{
    int scored = 0;
    for (const GradeRow& row : o.rows)
        scored += row.total ? 1 : 0;
    return QStringLiteral("%1 submissions: %2 with a weighted total, %3 review needed, %4 "
                          "failed, %5 empty (no call), %6 not graded yet")
        .arg(o.rows.size())
        .arg(scored)
        .arg(o.review.size())
        .arg(o.failed.size())
        .arg(o.emptyFiles)
        .arg(o.notCalled.size());
}

QString rateLine(const JudgeProbeDocument& doc, const EvidenceTally& t)
{
    return QStringLiteral("hallucinated evidence: %1 (%2 exact, %3 fuzzy at %4% similarity or "
                          "more; %5 criteria quoted nothing)")
        .arg(t.rateText(kRateDecimals))
        .arg(t.exact)
        .arg(t.fuzzy)
        .arg(NumberText::fixed(doc.evidence.fuzzyThreshold, 0))
        .arg(t.empty);
}

QString quoteLine(const InventedQuote& q)
{
    return QStringLiteral("%1, %2 (best match %3%): \"%4\"")
        .arg(q.itemId, q.criterionId, NumberText::fixed(q.similarity, 1), q.quote);
}

QString settingsLine(const JudgeProbeDocument& doc)
{
    const JudgeConfig& j = doc.judges.constFirst();
    return QStringLiteral("judge: %1 on %2, temperature %3, seed %4")
        .arg(j.effectiveModel(), j.backend, NumberText::fixed(j.temperature, 2))
        .arg(j.seed);
}

// The submission, and the criterion when graded one criterion per call.
QString reviewLabel(const ReviewNeeded& r)
{
    return r.criterion.isEmpty() ? r.filename
                                 : QStringLiteral("%1, criterion %2").arg(r.filename, r.criterion);
}

} // namespace

QString GradingSummary::console(const JudgeProbeDocument& doc, const GradingOutcome& o)
{
    QString out = countsLine(o) + QLatin1Char('\n') + rateLine(doc, o.evidence) + QLatin1Char('\n');
    for (const InventedQuote& q : o.evidence.invented)
        out += QStringLiteral("  HALLUCINATED_EVIDENCE ") + quoteLine(q) + QLatin1Char('\n');
    for (const ReviewNeeded& r : o.review)
        out += QStringLiteral("  REVIEW_NEEDED %1 (%2 replies; raw output in "
                              "review-needed.txt)\n")
                   .arg(reviewLabel(r))
                   .arg(r.tries);
    for (const QString& f : o.failed)
        out += QStringLiteral("  FAILED %1 (no reply; rerun to try again)\n").arg(f);
    return out + o.cost.consoleText();
}

QByteArray GradingSummary::markdown(const JudgeProbeDocument& doc, const GradingOutcome& o,
                                    const Context& c)
{
    QString out = QStringLiteral("# %1\n\n").arg(doc.title);
    if (c.criterionRuns.isEmpty()) {
        out += QStringLiteral("Folder %1, rubric %2; run %3 in %4.\n\n")
                   .arg(c.folder, c.rubric)
                   .arg(c.runId)
                   .arg(c.store);
    } else {
        QStringList runs;
        for (const qint64 id : c.criterionRuns)
            runs << QString::number(id);
        out += QStringLiteral("Folder %1, rubric %2, one call per criterion; runs %3 in %4.\n\n")
                   .arg(c.folder, c.rubric, runs.join(QStringLiteral(", ")), c.store);
    }
    out += QStringLiteral("- ") + settingsLine(doc) + QLatin1Char('\n');
    out += QStringLiteral("- ") + countsLine(o) + QLatin1Char('\n');
    out += QStringLiteral("- weighted total = sum of weight x level / 4, rounded to 0.1 "
                          "(half away from zero); empty when any level is not scored\n");
    out += QStringLiteral("\n## Evidence\n\n") + rateLine(doc, o.evidence) + QStringLiteral(".\n");
    out += QStringLiteral("A quote is checked against its submission exactly (case and "
                          "whitespace aside), then fuzzily; a hallucinated quote's level is "
                          "left empty and flagged HALLUCINATED_EVIDENCE:<criterion>.\n\n");
    if (o.evidence.invented.isEmpty())
        out += QStringLiteral("No quote was hallucinated.\n");
    for (const InventedQuote& q : o.evidence.invented)
        out += QStringLiteral("- ") + quoteLine(q) + QLatin1Char('\n');
    out += QStringLiteral("\n## Review needed\n\n");
    if (o.review.isEmpty())
        out += QStringLiteral("Every reply validated.\n");
    for (const ReviewNeeded& r : o.review)
        out += QStringLiteral("- %1: %2 replies, none valid (%3); raw output in "
                              "review-needed.txt\n")
                   .arg(reviewLabel(r))
                   .arg(r.tries)
                   .arg(r.validationErrors.join(QStringLiteral("; ")));
    if (!o.failed.isEmpty() || !o.notCalled.isEmpty()) {
        out += QStringLiteral("\n## Not graded\n\n");
        for (const QString& f : o.failed)
            out += QStringLiteral("- %1: no reply after every retry\n").arg(f);
        for (const QString& f : o.notCalled)
            out += QStringLiteral("- %1: not called yet; rerun the command to resume\n").arg(f);
    }
    out += QLatin1Char('\n') + o.cost.markdown();
    return out.toUtf8();
}

QJsonObject GradingSummary::json(const JudgeProbeDocument& doc, const GradingOutcome& o,
                                 const Context& c)
{
    const EvidenceTally& t = o.evidence;
    QJsonArray invented;
    for (const InventedQuote& q : t.invented)
        invented.append(QJsonObject{{QStringLiteral("filename"), q.itemId},
                                    {QStringLiteral("criterion"), q.criterionId},
                                    {QStringLiteral("quote"), q.quote},
                                    {QStringLiteral("similarity"), jsonNumber(q.similarity)}});
    QJsonArray review;
    for (const ReviewNeeded& r : o.review) {
        QJsonObject entry{
            {QStringLiteral("filename"), r.filename},
            {QStringLiteral("tries"), r.tries},
            {QStringLiteral("validation_errors"), QJsonArray::fromStringList(r.validationErrors)},
            {QStringLiteral("raw_output"), r.rawOutput}};
        if (!r.criterion.isEmpty())
            entry.insert(QStringLiteral("criterion"), r.criterion);
        review.append(entry);
    }
    int scored = 0;
    for (const GradeRow& row : o.rows)
        scored += row.total ? 1 : 0;
    const JudgeConfig& j = doc.judges.constFirst();
    QJsonObject json{
        {QStringLiteral("format"), QLatin1String(kFormat)},
        {QStringLiteral("rubric"), c.rubric},
        {QStringLiteral("folder"), c.folder},
        {QStringLiteral("run_id"), c.runId},
        {QStringLiteral("settings"),
         QJsonObject{{QStringLiteral("backend"), j.backend},
                     {QStringLiteral("model"), j.effectiveModel()},
                     {QStringLiteral("temperature"), j.temperature},
                     {QStringLiteral("seed"), QString::number(j.seed)},
                     {QStringLiteral("fuzzy_threshold"), doc.evidence.fuzzyThreshold}}},
        {QStringLiteral("submissions"), o.rows.size()},
        {QStringLiteral("with_total"), scored},
        {QStringLiteral("empty_files"), o.emptyFiles},
        {QStringLiteral("tokens"), o.cost.toJson()},
        {QStringLiteral("review_needed"), review},
        {QStringLiteral("failed"), QJsonArray::fromStringList(o.failed)},
        {QStringLiteral("not_graded"), QJsonArray::fromStringList(o.notCalled)},
        {QStringLiteral("evidence_check"),
         QJsonObject{{QStringLiteral("quotes"), t.quotes},
                     {QStringLiteral("exact"), t.exact},
                     {QStringLiteral("fuzzy"), t.fuzzy},
                     {QStringLiteral("hallucinated"), t.hallucinated},
                     {QStringLiteral("empty"), t.empty},
                     {QStringLiteral("rate"), t.quotes > 0 ? jsonNumber(t.rate()) : QJsonValue()},
                     {QStringLiteral("rate_text"), t.rateText(kRateDecimals)},
                     {QStringLiteral("hallucinated_quotes"), invented}}}};
    if (!c.criterionRuns.isEmpty()) {
        QJsonArray runs;
        for (const qint64 id : c.criterionRuns)
            runs.append(id);
        json.insert(QStringLiteral("criterion_run_ids"), runs);
    }
    return json;
}

QByteArray GradingSummary::reviewFile(const GradingOutcome& o)
{
    QString out;
    if (o.review.isEmpty())
        out = QStringLiteral("No submission needs review: every judge reply validated.\n");
    for (const ReviewNeeded& r : o.review) {
        out += QStringLiteral("=== %1: REVIEW_NEEDED after %2 replies\n")
                   .arg(reviewLabel(r))
                   .arg(r.tries);
        for (const QString& e : r.validationErrors)
            out += QStringLiteral("error: ") + e + QLatin1Char('\n');
        out += QStringLiteral("--- raw output of the last reply:\n") + r.rawOutput +
               QStringLiteral("\n--- end\n\n");
    }
    return out.toUtf8();
}

} // namespace pb

#include "generative/GenerativeReport.h"

#include "report/DistanceReportParts.h"
#include "report/NumberText.h"

namespace pb {

namespace {

const DistanceReportParts::DistanceName kName{QStringLiteral("cosine distance"), QString()};

QString lit(const QString& value)
{
    return ReportDocument::literal(value);
}

QList<QStringList> itemRows(const GenerativeAnalysis& a)
{
    QList<QStringList> rows;
    const bool withEffect = a.verdict.hasItemEffects();
    for (const GenerativeItemResult& r : a.items) {
        rows.append(
            {lit(r.itemId),
             QStringLiteral("%1 / %2 / %3").arg(r.embeddedA).arg(r.embeddedB).arg(r.embeddedNoise),
             r.comparable ? NumberText::fixed(r.distance, 4) : lit(r.reason),
             r.comparable ? NumberText::fixed(r.noiseDistance, 4) : QString(),
             r.comparable ? NumberText::signedFixed(r.difference, 4) : QString(),
             QStringLiteral("%1 / %2").arg(r.counterfactualPairs).arg(r.nullPairs),
             r.comparable && withEffect ? NumberText::signedFixed(r.effect, 2) : QString()});
    }
    return rows;
}

QString flagsText(const GenerativeAnalysis& a)
{
    QStringList parts;
    for (const auto& [flag, count] : a.flags)
        parts << QStringLiteral("%1 %2").arg(count).arg(flag);
    return parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(", "));
}

} // namespace

QString GenerativeReport::resultSentence(const GenerativeAnalysis& a)
{
    static const DistanceReportParts::VerdictSentences sentences{
        QStringLiteral("No result: at temperature 0 the backend did not repeat itself (A against "
                       "A again gave different replies), so a distance of %1 is not real by "
                       "construction."),
        QStringLiteral("No result: fewer than two items have embedded replies under %1 and %2 "
                       "and %3 on a common seed, so there is nothing to compare against the "
                       "noise floor."),
        QStringLiteral("Detected at temperature 0: the replies of %1 differ (mean cosine "
                       "distance %2) while the backend repeated itself exactly."),
        QStringLiteral("Null result at temperature 0: the replies of %1 embed identically on "
                       "every item."),
        QStringLiteral("The probe detected a shift in the replies of %1: their embeddings stand "
                       "further apart than the same-versus-same noise (%2). This is evidence "
                       "about these items, this embedding model and these settings; it does not "
                       "say what changed."),
        QStringLiteral(" The distances sit significantly below the noise floor, which is "
                       "unusual and worth a look."),
        QStringLiteral("Null result: the replies of %1 did not stand further apart than the "
                       "same-versus-same noise (%2).%3%4 This holds only for these items, this "
                       "embedding model and these settings; it does not show that the model is "
                       "unbiased.")};
    return DistanceReportParts::resultSentence(a.verdict, a, sentences, kName);
}

ReportDocument GenerativeReport::build(const ReportContext& c, const GenerativeAnalysis& a)
{
    ReportDocument doc;
    DistanceReportParts::addTitle(
        &doc, c, QStringLiteral("generative"),
        QStringLiteral("Mode: **generative** (cosine distance of the replies' embeddings by %1, "
                       "against the same-versus-same noise floor); these scores are never mixed "
                       "with a numeric metric's, a choice probe's or another embedding model's.")
            .arg(lit(a.embeddingModel)));
    DistanceReportParts::addOpening(&doc, c, resultSentence(a), a.detected());

    doc.heading(QStringLiteral("Probe design"), 2);
    QStringList design =
        DistanceReportParts::designLines(c, a, a.comparableItems(), a.items.size());
    design << QStringLiteral("Estimator, chosen before running: **%1**. %2")
                  .arg(lit(a.metricName), lit(c.metricDefinition));
    design << DistanceReportParts::heldFixedLine(
        c, {QStringLiteral("embedding model %1 (%2 dimensions)")
                .arg(lit(a.embeddingModel))
                .arg(a.dimensions)});
    if (a.embeddingDigests.size() > 1)
        design << QStringLiteral("**The embedding model changed during the run**: its vectors "
                                 "came with %1 digests (%2), so its distances are not all by "
                                 "one ruler.")
                      .arg(a.embeddingDigests.size())
                      .arg(DistanceReportParts::joinedLiterals(a.embeddingDigests));
    doc.bullets(design);

    DistanceReportParts::addPerItem(
        &doc,
        {QStringLiteral("Item"), QStringLiteral("Embedded A / B / A again"),
         QStringLiteral("Distance A, B"), QStringLiteral("Distance A, A again"),
         QStringLiteral("Difference"), QStringLiteral("Pairs"), QStringLiteral("Effect")},
        itemRows(a),
        QStringLiteral("An item's distance is the mean cosine distance of the embeddings of its A "
                       "and B replies on the same seed (D_cf), and of its A reply on seed s and "
                       "its A-again reply on the shifted seed (D_null); Difference is D_cf - "
                       "D_null, the item's term in the paired test below; Pairs counts the seeds "
                       "each mean is over. An item's effect is its D_cf against the probe's noise "
                       "floor (mean and scale of every item's D_null); the interval and p below "
                       "are for the probe as a whole."),
        a.verdict, kName);

    DistanceReportParts::addClosing(
        &doc, c,
        {QStringLiteral("%1 calls logged, %2 failed (no reply, or no embedding of it: left out, "
                        "never guessed; a resumed run calls them again).")
             .arg(a.callsLogged)
             .arg(a.callsFailed),
         QStringLiteral("%1 replies embedded; %2 answered without a usable embedding (%3).")
             .arg(a.callsEmbedded)
             .arg(a.callsFlagged)
             .arg(flagsText(a))},
        QStringLiteral("Only A and B are compared, on these items. A cosine distance says how far "
                       "apart two replies sit for this embedding model, not in which way they "
                       "differ nor whether the difference matters; read the replies in log.csv to "
                       "see what moved. Another embedding model measures another distance: "
                       "compare runs only when they name the same one."));
    return doc;
}

QString GenerativeReport::consoleText(const GenerativeAnalysis& a)
{
    QString out = QStringLiteral("generative probe (embeddings by %1, %2 dimensions)\n")
                      .arg(a.embeddingModel)
                      .arg(a.dimensions);
    out += DistanceReportParts::consoleItems(a.distanceItems(), QStringLiteral("dist(A,B)"),
                                             QStringLiteral("dist(A,A again)"));
    out += resultSentence(a) + QLatin1Char('\n');
    return out;
}

} // namespace pb

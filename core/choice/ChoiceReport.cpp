#include "choice/ChoiceReport.h"

#include "report/DistanceReportParts.h"
#include "report/NumberText.h"

namespace pb {

namespace {

const DistanceReportParts::DistanceName kName{QStringLiteral("divergence"),
                                              QStringLiteral(" bits")};

QString lit(const QString& value)
{
    return ReportDocument::literal(value);
}

QList<QStringList> itemRows(const ChoiceAnalysis& a)
{
    QList<QStringList> rows;
    const bool withEffect = a.verdict().hasItemEffects();
    for (const ChoiceItemResult& r : a.items) {
        const auto outside = [&](const ChoiceArmDistribution& d) {
            return d.valid ? NumberText::fixed(d.outsideMass, 3) : QStringLiteral("n/a");
        };
        rows.append({lit(r.itemId), lit(ChoiceReport::distributionText(a, r.a)),
                     lit(ChoiceReport::distributionText(a, r.b)),
                     lit(ChoiceReport::distributionText(a, r.noise)),
                     r.comparable ? NumberText::fixed(r.divergence, 4) : lit(r.reason),
                     r.comparable ? NumberText::fixed(r.noiseDivergence, 4) : QString(),
                     r.comparable && withEffect ? NumberText::signedFixed(r.effect, 2) : QString(),
                     outside(r.a) + QStringLiteral(" / ") + outside(r.b)});
    }
    return rows;
}

} // namespace

QString ChoiceReport::distributionText(const ChoiceAnalysis& a, const ChoiceArmDistribution& arm)
{
    if (!arm.valid)
        return QStringLiteral("n/a");
    QStringList parts;
    for (qsizetype k = 0; k < a.candidates.size(); ++k)
        parts << a.candidates[k] + QLatin1Char(' ') +
                     NumberText::fixed(arm.probabilities[std::size_t(k)], 2);
    return parts.join(QStringLiteral(", "));
}

QString ChoiceReport::sourceSentence(const ChoiceAnalysis& a)
{
    if (a.source == ChoiceSource::Logprobs)
        return QStringLiteral("Distributions from the server's log probabilities: every one of "
                              "the %1 answered calls gave them for its answer token; each "
                              "item's distribution is the mean over the seeds.")
            .arg(a.callsWithLogprobs);
    const QString why =
        a.fallbackNotes.isEmpty()
            ? QString()
            : QString(QStringLiteral(" (") + a.fallbackNotes.join(QStringLiteral("; ")) +
                      QLatin1Char(')'));
    return QStringLiteral("Sampled frequencies, not log probabilities: %1 of %2 answered calls "
                          "came without usable log probabilities%3, so each item's distribution "
                          "is the share of its seeds whose reply was each candidate. These are "
                          "coarser than log probabilities: with n seeds a share moves in steps "
                          "of 1/n.")
        .arg(a.callsSampled)
        .arg(a.callsSampled + a.callsWithLogprobs)
        .arg(why);
}

QString ChoiceReport::resultSentence(const ChoiceAnalysis& a)
{
    static const DistanceReportParts::VerdictSentences sentences{
        QStringLiteral("No result: at temperature 0 the backend did not repeat itself (A against "
                       "A again diverged), so a divergence of %1 is not real by construction."),
        QStringLiteral("No result: fewer than two items have a distribution under %1, %2 and %3, "
                       "so there is nothing to compare against the noise floor."),
        QStringLiteral("Detected at temperature 0: the choice distributions of %1 differ (mean %2 "
                       "bits) while the backend repeated itself exactly."),
        QStringLiteral("Null result at temperature 0: the choice distributions of %1 are "
                       "identical on every item."),
        QStringLiteral("The probe detected a shift in the choice distribution of %1: the "
                       "divergence stands above the same-versus-same noise (%2). This is "
                       "evidence about these items, candidates and settings; it does not say "
                       "why."),
        QStringLiteral(" The divergence sits significantly below the noise floor, which is "
                       "unusual and worth a look."),
        QStringLiteral("Null result: the choice distributions of %1 did not diverge more than the "
                       "same-versus-same noise (%2).%3%4 This holds only for these items, "
                       "candidates and settings; it does not show that the model is unbiased.")};
    return DistanceReportParts::resultSentence(a.verdict(), a, sentences, kName);
}

ReportDocument ChoiceReport::build(const ReportContext& c, const ChoiceAnalysis& a)
{
    ReportDocument doc;
    DistanceReportParts::addTitle(
        &doc, c, QStringLiteral("choice"),
        QStringLiteral("Mode: **choice** (Jensen-Shannon divergence of the candidate "
                       "distributions, in bits, against the same-versus-same noise floor); these "
                       "scores are never mixed with a numeric metric's."));
    DistanceReportParts::addOpening(&doc, c, resultSentence(a), a.detected());

    doc.heading(QStringLiteral("Probe design"), 2);
    QStringList design =
        DistanceReportParts::designLines(c, a, a.comparableItems(), a.items.size());
    design << QStringLiteral("Choice task, chosen before running: **%1**, candidates %2. %3")
                  .arg(lit(a.metricName), DistanceReportParts::joinedLiterals(a.candidates),
                       lit(c.metricDefinition));
    if (const QString fixed = DistanceReportParts::heldFixedLine(c, {}); !fixed.isEmpty())
        design << fixed;
    doc.bullets(design);

    doc.heading(QStringLiteral("Where the distributions come from"), 2);
    doc.paragraph(
        a.source == ChoiceSource::Sampled
            ? QString(QStringLiteral("**") + lit(sourceSentence(a)) + QStringLiteral("**"))
            : lit(sourceSentence(a)),
        a.source == ChoiceSource::Sampled ? QStringLiteral("warning") : QString());

    DistanceReportParts::addPerItem(
        &doc,
        {QStringLiteral("Item"), QStringLiteral("A: ") + lit(a.valueA),
         QStringLiteral("B: ") + lit(a.valueB), lit(a.noiseLabel), QStringLiteral("JS(A, B) bits"),
         QStringLiteral("JS(A, A again) bits"), QStringLiteral("Effect"),
         QStringLiteral("Outside mass A / B")},
        itemRows(a),
        QStringLiteral("An item's effect is its JS(A, B) against the probe's noise floor (mean "
                       "and scale of every item's JS(A, A again)); the interval and p below are "
                       "for the probe as a whole. Outside mass is the probability on no "
                       "candidate before renormalising (with sampled frequencies: the share of "
                       "replies that were no candidate)."),
        a.verdict(), kName);

    DistanceReportParts::addClosing(
        &doc, c,
        {QStringLiteral("%1 calls logged, %2 failed (left out, never guessed).")
             .arg(a.callsLogged)
             .arg(a.callsFailed),
         QStringLiteral("%1 answered calls with log probabilities, %2 without.")
             .arg(a.callsWithLogprobs)
             .arg(a.callsSampled),
         QStringLiteral("%1 answered calls with no reading recorded (left out).")
             .arg(a.callsUnread)},
        QStringLiteral("Only A and B are compared, on these items and candidates. The "
                       "Jensen-Shannon divergence says how far two distributions are apart, not "
                       "in which direction; the per-item table shows which way the mass moved. A "
                       "candidate split into several tokens is seen only in the replies, not in "
                       "the log probabilities."));
    return doc;
}

QString ChoiceReport::consoleText(const ChoiceAnalysis& a)
{
    QString out = QStringLiteral("choice probe (%1): %2\n")
                      .arg(choiceSourceName(a.source), a.candidates.join(QStringLiteral(" / ")));
    out += DistanceReportParts::consoleItems(a.distanceItems(), QStringLiteral("JS(A,B)"),
                                             QStringLiteral("JS(A,A again)"));
    out += resultSentence(a) + QLatin1Char('\n');
    if (a.source == ChoiceSource::Sampled)
        out += sourceSentence(a) + QLatin1Char('\n');
    return out;
}

} // namespace pb

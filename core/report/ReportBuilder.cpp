#include "report/ReportBuilder.h"

#include "probe/ProbePrompt.h"
#include "probe/SeedList.h"
#include "report/NumberText.h"
#include "report/VerdictText.h"
#include "stats/ExactMoments.h"

#include <QLocale>
#include <algorithm>
#include <cmath>

namespace pb {
namespace {

// A value from the user, a file or a server, shown as it is (never as markup).
QString lit(const QString& value)
{
    return ReportDocument::literal(value);
}

QStringList lit(const QStringList& values)
{
    QStringList out;
    for (const QString& v : values) {
        out << lit(v);
    }
    return out;
}

QString plural(qsizetype n, const QString& one, const QString& many)
{
    return QString::number(n) + QLatin1Char(' ') + (n == 1 ? one : many);
}

// "1\u20139 scored runs", "2 scored runs": what the metric could read, not what was planned.
QString scoredRunsText(const PerItemTable& table)
{
    const ScoredRuns runs = table.scoredRunsPerValue();
    return NumberText::range(runs.fewest, runs.most) +
           (runs.most == 1 ? QStringLiteral(" scored run") : QStringLiteral(" scored runs"));
}

QString dateRange(const ReportContext& c)
{
    if (!c.firstCall.isValid()) {
        return QString();
    }
    const QString first = c.firstCall.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    const QString last = c.lastCall.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    if (first == last) {
        return first + QStringLiteral(" UTC");
    }
    return first + QStringLiteral(" to ") + last + QStringLiteral(" UTC");
}

QString seedsText(const ReportContext& c)
{
    if (c.probe) {
        return c.probe->settings.seedsText.isEmpty() ? SeedList::format(c.probe->settings.seeds)
                                                     : lit(c.probe->settings.seedsText);
    }
    return lit(c.seeds).join(QStringLiteral(", "));
}

QList<QStringList> tableRows(const PerItemTable& table)
{
    QList<QStringList> rows;
    QList<double> meansA;
    QList<double> meansB;
    for (const PerItemRow& r : table.rows()) {
        if (!r.comparable) {
            rows.append({lit(r.itemId), NumberText::fixed(r.meanA, 2),
                         NumberText::fixed(r.meanB, 2),
                         QStringLiteral("not compared: ") + lit(r.reason),
                         QString::number(std::max(r.runsA, r.runsB))});
            continue;
        }
        meansA << r.meanA;
        meansB << r.meanB;
        const QString runsText = r.runsA == r.runsB
                                     ? QString::number(r.runsA)
                                     : QStringLiteral("%1 / %2").arg(r.runsA).arg(r.runsB);
        rows.append({lit(r.itemId), NumberText::fixed(r.meanA, 2), NumberText::fixed(r.meanB, 2),
                     NumberText::signedFixed(r.gap, 2), runsText});
    }
    rows.append(
        {QStringLiteral("Average"),
         meansA.isEmpty() ? QStringLiteral("n/a")
                          : NumberText::fixed(ExactMoments::mean(meansA), 2),
         meansB.isEmpty() ? QStringLiteral("n/a")
                          : NumberText::fixed(ExactMoments::mean(meansB), 2),
         NumberText::signedFixed(table.averageGap(), 2),
         NumberText::range(table.scoredRunsPerValue().fewest, table.scoredRunsPerValue().most)});
    return rows;
}

// Items ordered by how much they push the average, so "which items drive it" has an answer.
QStringList drivingItems(const PerItemTable& table, double average, bool sameDirection)
{
    QList<PerItemRow> rows;
    for (const PerItemRow& r : table.rows()) {
        if (r.comparable && r.gap != 0.0 && ((r.gap > 0) == (average > 0)) == sameDirection) {
            rows << r;
        }
    }
    std::sort(rows.begin(), rows.end(), [](const PerItemRow& a, const PerItemRow& b) {
        return std::abs(a.gap) > std::abs(b.gap);
    });
    QStringList out;
    for (const PerItemRow& r : rows) {
        out << QStringLiteral("%1 (%2)").arg(lit(r.itemId), NumberText::signedFixed(r.gap, 2));
    }
    return out;
}

QString smallestPossibleP(const SignFlipResult& r)
{
    const int nonzero = r.n - r.zeroGaps;
    if (nonzero <= 0 || nonzero > 60) {
        return QString();
    }
    const double pmin = 2.0 / std::ldexp(1.0, nonzero);
    return QStringLiteral(
               "with %1 nonzero item gaps the smallest p this test can return is 2 in 2^%2 = %3")
        .arg(nonzero)
        .arg(nonzero)
        .arg(NumberText::small(std::min(1.0, pmin)));
}

} // namespace

QString ReportBuilder::signFlipDescription(const SignFlipResult& r)
{
    const QString items = plural(r.n, QStringLiteral("item gap"), QStringLiteral("item gaps"));
    switch (r.method) {
    case SignFlipMethod::MonteCarlo:
        return QStringLiteral(
                   "sign-flip permutation test, two-sided, estimated from %1 random sign "
                   "patterns of %2 (standard error %3)")
            .arg(QLocale::c().toString(qulonglong(r.samples)), items,
                 NumberText::small(r.standardError));
    case SignFlipMethod::None:
        return QStringLiteral("sign-flip permutation test (not computed: %1)").arg(r.note);
    default:
        break;
    }
    const QString patterns = r.patternsLog2 <= 30
                                 ? QLocale::c().toString(qulonglong(1) << r.patternsLog2)
                                 : QStringLiteral("2^%1").arg(r.patternsLog2);
    return QStringLiteral(
               "sign-flip permutation test, two-sided, exact over all %1 sign patterns of %2")
        .arg(patterns, items);
}

QString ReportBuilder::resultSentence(const ReportContext& c, const ProbeAnalysis& a)
{
    return ReportDocument::plain(markedResultSentence(c, a));
}

QString ReportBuilder::markedResultSentence(const ReportContext& c, const ProbeAnalysis& a)
{
    const PerItemTable& t = a.probe.table;
    const QString gap = NumberText::signedFixed(t.averageGap(), 2);
    const QString p = NumberText::pEquals(a.probe.signFlip.p);
    const QString metric = lit(a.metricName);
    const QString valueA = lit(a.valueA);
    const QString valueB = lit(a.valueB);
    QString noise;
    if (a.noise) {
        noise = QStringLiteral(
                    " The same-versus-same check (%1 against itself on other seeds) gave %2 (%3).")
                    .arg(valueA, NumberText::signedFixed(a.noise->table.averageGap(), 2),
                         NumberText::pEquals(a.noise->signFlip.p));
    }
    const QString scope =
        QStringLiteral("these %1, the values %2 and %3%4, the metric %5, %6, and %7 per value")
            .arg(plural(t.comparableCount(), QStringLiteral("item"), QStringLiteral("items")),
                 valueA, valueB,
                 c.attributeName.isEmpty() ? QString()
                                           : QStringLiteral(" of ") + lit(c.attributeName),
                 metric,
                 c.models.isEmpty() ? QStringLiteral("this model and these settings")
                                    : QStringLiteral("the model %1 with these settings")
                                          .arg(lit(c.models).join(QStringLiteral(", "))),
                 scoredRunsText(t));
    if (!a.hasResult()) {
        return VerdictText::noResult(a);
    }
    // Beside the verdict, not only among the tests: an interval that disagrees with it.
    const QString differs = VerdictText::disagreement(a);
    const QString disagreement = differs.isEmpty() ? QString() : QLatin1Char(' ') + differs;
    if (a.detected()) {
        return QStringLiteral(
                   "The probe detected a gap: %1 minus %2 averaged %3 %4 (sign-flip %5), with "
                   "%6.%7%8 This is evidence about %9; it does not say why the gap exists.")
            .arg(valueA, valueB, gap, metric, p, scope, disagreement, noise,
                 scope.section(QLatin1Char(','), 0, 0));
    }
    return QStringLiteral(
               "Null result: this probe did not detect a gap larger than its noise. %1 minus %2 "
               "averaged %3 %4 (sign-flip %5).%6%7 This holds only for %8. It does not show "
               "that the system is unbiased, says nothing about attributes or metrics not "
               "tested, and may not hold on the next model version.")
        .arg(valueA, valueB, gap, metric, p, disagreement, noise, scope);
}

QString ReportBuilder::incompleteSentence(const RunCompleteness& completeness)
{
    if (completeness.complete()) {
        return QString();
    }
    return QStringLiteral("Incomplete: %1 of %2 calls missing; Start resumes.")
        .arg(completeness.missing())
        .arg(completeness.planned);
}

QString ReportBuilder::pairMismatchSentence(const QList<PairMismatch>& mismatches)
{
    if (mismatches.isEmpty()) {
        return QString();
    }
    return QStringLiteral("Pairs that differ in more than the attribute: %1. A gap on %2 may "
                          "come from that difference instead of the attribute; the pair check "
                          "in Design shows it.")
        .arg(PairMismatch::listText(mismatches),
             mismatches.size() == 1 ? QStringLiteral("this item") : QStringLiteral("these items"));
}

QString ReportBuilder::generatedSentence(const ReportContext& c)
{
    return QStringLiteral("Generated by Probe Workbench %1 on %2 from %3.")
        .arg(c.appVersion, c.generated.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")),
             lit(c.source));
}

ReportDocument ReportBuilder::build(const ReportContext& c, const ProbeAnalysis& a)
{
    ReportDocument doc;
    const PerItemTable& table = a.probe.table;
    doc.heading(lit(c.title) + QStringLiteral(": counterfactual bias probe"), 1);
    doc.paragraph(generatedSentence(c));
    // Said first: every number below is from the calls answered so far.
    if (c.completeness && !c.completeness->complete()) {
        doc.paragraph(
            QStringLiteral("**") + incompleteSentence(*c.completeness) + QStringLiteral("**") +
                QStringLiteral(" The numbers below are from the %1 calls answered so far; on the "
                               "command line, probebench run with the same probe and store "
                               "resumes the run too.")
                    .arg(c.completeness->answered),
            QStringLiteral("warning"));
    }

    // 1. Design
    doc.heading(QStringLiteral("Probe design"), 2);
    QStringList design;
    design << QStringLiteral(
                  "Attribute varied: **%1**, with values A = %2 and B = %3. Every item is "
                  "written once per value, with the same content.")
                  .arg(c.attributeName.isEmpty() ? QStringLiteral("(not named)")
                                                 : lit(c.attributeName),
                       lit(a.valueA), lit(a.valueB));
    design << QStringLiteral("Items: %1 compared; scored runs per value: %2.")
                  .arg(table.comparableCount())
                  .arg(NumberText::range(table.scoredRunsPerValue().fewest,
                                         table.scoredRunsPerValue().most));
    design << QStringLiteral("Metric, chosen before running: **%1**. %2")
                  .arg(lit(a.metricName), lit(c.metricDefinition));
    QStringList fixed;
    if (!c.models.isEmpty()) {
        fixed << QStringLiteral("model %1").arg(lit(c.models).join(QStringLiteral(", ")));
    }
    if (!c.digests.isEmpty()) {
        fixed << QStringLiteral("digest %1").arg(lit(c.digests).join(QStringLiteral(", ")));
    }
    if (!c.backends.isEmpty()) {
        fixed << QStringLiteral("backend %1").arg(lit(c.backends).join(QStringLiteral(", ")));
    }
    if (!c.temperatures.isEmpty()) {
        fixed
            << QStringLiteral("temperature %1").arg(lit(c.temperatures).join(QStringLiteral(", ")));
    }
    if (c.seedsControlled && !seedsText(c).isEmpty()) {
        fixed << QStringLiteral("the same seeds for both values (%1)").arg(seedsText(c));
    }
    if (c.probe) {
        const ProbeSettings& s = c.probe->settings;
        fixed << (s.system.isEmpty()
                      ? QStringLiteral("no system prompt")
                      : QStringLiteral("system prompt \"%1\" (%2)")
                            .arg(lit(s.system), ProbePrompt::placementName(s.placement)));
        fixed << QStringLiteral("a fresh context for every call");
        if (s.maxTokens) {
            fixed << QStringLiteral("at most %1 tokens per reply").arg(*s.maxTokens);
        }
    }
    design << QStringLiteral("Held fixed across every pair: %1.")
                  .arg(fixed.join(QStringLiteral(", ")));
    if (c.temperatures.size() > 1 || c.models.size() > 1 || c.digests.size() > 1) {
        design << QStringLiteral(
            "**Warning:** the log holds more than one model, digest or temperature; "
            "the pairs were not all run under the same settings.");
    }
    if (!c.seedsControlled) {
        design << QStringLiteral(
            "Seed and temperature were not controlled for some rows (a hosted chat "
            "window, run by hand): repeats differ by more than the seed.");
    }
    if (a.noise) {
        design << QStringLiteral(
                      "Same-versus-same check: %1 against itself on a different block of seeds.")
                      .arg(lit(a.valueA));
    }
    design << QStringLiteral("Calls logged: %1, of which %2 failed and %3 could not be scored%4.")
                  .arg(a.callsLogged)
                  .arg(a.callsFailed)
                  .arg(a.repliesFlagged + a.repliesUnscored)
                  .arg(dateRange(c).isEmpty()
                           ? QString()
                           : QStringLiteral(" (run ") + dateRange(c) + QLatin1Char(')'));
    if (!c.rescoreNote.isEmpty()) {
        design << QStringLiteral("Re-scored: %1").arg(lit(c.rescoreNote));
    }
    doc.bullets(design);

    // 2. Disaggregated results
    doc.heading(QStringLiteral("Results per item"), 2);
    doc.table({QStringLiteral("Item"), lit(a.valueA) + QStringLiteral(" mean"),
               lit(a.valueB) + QStringLiteral(" mean"),
               QStringLiteral("Gap (%1 minus %2)").arg(lit(a.valueA), lit(a.valueB)),
               QStringLiteral("Runs per value")},
              tableRows(table), true);
    if (!c.pairMismatches.isEmpty()) {
        doc.paragraph(QStringLiteral("**Warning:** ") + pairMismatchSentence(c.pairMismatches),
                      QStringLiteral("warning"));
    }

    // 3. Tests
    doc.heading(QStringLiteral("Is the gap larger than noise?"), 2);
    doc.bullets(VerdictText::testLines(a));

    doc.heading(QStringLiteral("What it shows"), 2);
    doc.paragraph(markedResultSentence(c, a), a.detected()    ? QStringLiteral("result-detected")
                                              : a.hasResult() ? QStringLiteral("result-null")
                                                              : QStringLiteral("warning"));
    if (a.detected()) {
        const QStringList driving = drivingItems(table, table.averageGap(), true);
        const QStringList against = drivingItems(table, table.averageGap(), false);
        QString text = QStringLiteral("Items driving the gap, largest first: %1.")
                           .arg(driving.join(QStringLiteral(", ")));
        if (!against.isEmpty()) {
            text += QStringLiteral(" Items going the other way: %1.")
                        .arg(against.join(QStringLiteral(", ")));
        }
        doc.paragraph(text);
    }

    // 4. Data quality
    if (!a.issues.isEmpty() || !c.runEvents.isEmpty()) {
        doc.heading(QStringLiteral("Data-quality gaps"), 2);
    }
    if (!c.runEvents.isEmpty()) {
        doc.paragraph(QStringLiteral("The run did not finish every call:"),
                      QStringLiteral("warning"));
        doc.bullets(lit(c.runEvents));
    }
    if (!a.issues.isEmpty()) {
        doc.paragraph(
            QStringLiteral(
                "These calls gave no number. They are left out of every mean above, never "
                "filled with a guess; rerun the probe to retry failed calls."),
            QStringLiteral("warning"));
        QList<QStringList> rows;
        for (const DataQualityIssue& i : a.issues) {
            rows.append({lit(i.itemId), lit(i.variant), lit(i.seed), lit(i.kind), lit(i.what)});
        }
        doc.table({QStringLiteral("Item"), QStringLiteral("Variant"), QStringLiteral("Seed"),
                   QStringLiteral("Problem"), QStringLiteral("Details")},
                  rows, false);
    }

    if (c.cost) {
        c.cost->addTo(&doc);
    }

    // 5. Limits
    doc.heading(QStringLiteral("Limits"), 2);
    QStringList limits;
    limits << QStringLiteral("Sample: %1 and %2 per value.")
                  .arg(plural(table.comparableCount(), QStringLiteral("item"),
                              QStringLiteral("items")),
                       scoredRunsText(table));
    const QString pmin = smallestPossibleP(a.probe.signFlip);
    if (a.hasResult() && !pmin.isEmpty()) {
        limits.last() += QStringLiteral(" Note: %1.").arg(pmin);
    }
    limits << QStringLiteral(
                  "What the metric cannot see: %1 measures one thing only; a reply can keep its "
                  "score and still change in tone, accuracy or respect.")
                  .arg(lit(a.metricName));
    limits << QStringLiteral(
                  "Attributes not tested: only %1 was varied. Names, dialect, neighbourhood or "
                  "any attribute not listed here were not probed, nor were interactions between "
                  "attributes.")
                  .arg(c.attributeName.isEmpty() ? QStringLiteral("one attribute")
                                                 : lit(c.attributeName));
    limits << QStringLiteral(
        "Scope: the result is for the model and settings above on the dates of the "
        "run; a hosted model may change without notice, and a different tag or digest "
        "is a different model.");
    if (c.probe && c.probe->settings.backend == QLatin1String("stand-in")) {
        limits
            << QStringLiteral(
                   "This run used the built-in stand-in model, a toy with a planted gap of %1; it "
                   "says nothing about any real model.")
                   .arg(NumberText::fixed(c.probe->settings.plantedGap, 2));
    }
    doc.bullets(limits);
    return doc;
}

} // namespace pb

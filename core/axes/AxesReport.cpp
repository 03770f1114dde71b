#include "axes/AxesReport.h"

#include "report/NumberText.h"
#include "run/CallPlan.h"

#include <cmath>

namespace pb {

namespace {

QString lit(const QString& text)
{
    return ReportDocument::literal(text);
}

QString intervalText(const AxisComparison& a)
{
    if (std::isnan(a.lower) || std::isnan(a.upper))
        return QStringLiteral("n/a");
    return QStringLiteral("[%1, %2]")
        .arg(NumberText::signedFixed(a.lower, 2), NumberText::signedFixed(a.upper, 2));
}

QString valueText(const AxisComparison& a)
{
    return a.hasResult() ? NumberText::signedFixed(a.value, 2) : QStringLiteral("n/a");
}

QString detectableText(const AxisComparison& a)
{
    return std::isnan(a.detectable) ? QStringLiteral("n/a") : NumberText::fixed(a.detectable, 3);
}

QString padded(const QString& text, int width)
{
    return text.leftJustified(width, QLatin1Char(' '));
}

} // namespace

QString AxesReport::verdictName(const AxisComparison& axis)
{
    if (axis.status == AxisStatus::Pending)
        return QStringLiteral("pending");
    if (!axis.hasResult())
        return QStringLiteral("missing");
    return axis.detected ? QStringLiteral("detected") : QStringLiteral("null");
}

QString AxesReport::valueHeader(const AxesComparison& c)
{
    if (c.mode == QLatin1String("numeric"))
        return QStringLiteral("Average gap");
    if (c.aggregateOf.contains(QLatin1String("divergence")))
        return QStringLiteral("Mean JS (bits)");
    return c.aggregateOf.contains(QLatin1String("cosine distance"))
               ? QStringLiteral("Mean cosine distance")
               : QStringLiteral("Effect");
}

QStringList AxesReport::tableHeaders(const AxesComparison& c)
{
    return {QStringLiteral("Axis"),    valueHeader(c),           QStringLiteral("95% interval"),
            QStringLiteral("p"),       QStringLiteral("Holm p"), QStringLiteral("Detectable (80%)"),
            QStringLiteral("Verdict"), QStringLiteral("Calls"),  QStringLiteral("Status")};
}

QStringList AxesReport::rowTexts(const AxisComparison& a)
{
    return {a.axis.label(),
            valueText(a),
            intervalText(a),
            a.hasResult() ? NumberText::pValue(a.p) : QStringLiteral("n/a"),
            a.hasResult() ? NumberText::pValue(a.pHolm) : QStringLiteral("n/a"),
            detectableText(a),
            verdictName(a),
            QStringLiteral("%1 (%2 failed)").arg(a.callsLogged).arg(a.callsFailed),
            a.statusName()};
}

ReportDocument AxesReport::build(const AxesDocument& doc, const AxesComparison& c,
                                 const QStringList& folders)
{
    ReportDocument r;
    r.heading(doc.title.isEmpty() ? QStringLiteral("Probe of several axes") : lit(doc.title), 1);
    if (!doc.description.isEmpty())
        r.paragraph(lit(doc.description));
    r.paragraph(QStringLiteral("Base value %1 against %2 axes, each run as the model probe of "
                               "(%1, its value) over the same %3 items and %4 seeds, metric %5 "
                               "(%6 mode).")
                    .arg(lit(doc.base))
                    .arg(doc.axes.size())
                    .arg(doc.items.size())
                    .arg(doc.settings.seeds.size())
                    .arg(lit(doc.metric.name), c.mode));

    r.heading(QStringLiteral("Result"), 2);
    r.paragraph(QStringLiteral("**%1**").arg(ReportDocument::literal(c.aggregateSentence())),
                c.anyDetected() ? QStringLiteral("result-detected")
                                : QStringLiteral("result-null"));
    if (!c.complete())
        r.paragraph(QStringLiteral("This result is not complete (%1): the aggregate is over the "
                                   "axes with a result only, and a missing axis may be the "
                                   "worst one.")
                        .arg(c.coverage()),
                    QStringLiteral("warning"));
    QStringList detected;
    for (const AxisComparison& a : c.axes) {
        if (a.detected)
            detected << QStringLiteral("%1 (Holm %2)")
                            .arg(lit(a.axis.label()), NumberText::pEquals(a.pHolm));
    }
    r.paragraph(detected.isEmpty()
                    ? QStringLiteral("No axis shows a difference at the Holm-adjusted alpha of "
                                     "0.05.")
                    : QStringLiteral("Detected on: %1.").arg(detected.join(QStringLiteral(", "))));

    r.heading(QStringLiteral("Per-axis vector"), 2);
    QList<QStringList> rows;
    for (const AxisComparison& a : c.axes) {
        QStringList row = rowTexts(a);
        row[0] = lit(row[0]);
        rows << row;
    }
    r.table(tableHeaders(c), rows, false);
    r.paragraph(QStringLiteral("Detectable (80%): the smallest %1 each axis's design (its items, "
                               "seeds and observed noise) would detect 80% of the time at alpha "
                               "0.05, so a null axis carries its size: a smaller one could have "
                               "gone unseen.")
                    .arg(c.mode == QLatin1String("numeric")
                             ? QStringLiteral("average gap, in %1").arg(lit(doc.metric.name))
                             : QStringLiteral("mean D_cf - D_null (distance above the noise "
                                              "floor)")));
    r.paragraph(QStringLiteral("Mode %1; estimator: %2. The aggregate is the max over the axes "
                               "(%3), the documented default: the worst axis is the number that "
                               "matters, and an average would let one biased axis hide behind "
                               "clean ones. Scores of different modes or estimators are never "
                               "set in one vector.")
                    .arg(c.mode, c.estimator, c.aggregateOf));

    QStringList gaps;
    for (const AxisComparison& a : c.axes) {
        if (a.status != AxisStatus::Complete)
            gaps << QStringLiteral("%1 (%2): %3")
                        .arg(lit(a.axis.label()), a.statusName(), lit(a.gap));
    }
    if (!gaps.isEmpty()) {
        r.heading(QStringLiteral("Missing and incomplete axes"), 2);
        r.bullets(gaps);
    }

    r.heading(QStringLiteral("Several comparisons"), 2);
    r.paragraph(c.multipleComparisonNote());

    r.heading(QStringLiteral("Calls"), 2);
    const int perAxis = doc.axes.isEmpty() ? 0 : CallPlan::callCount(doc.axisProbe(0));
    r.paragraph(QStringLiteral("Each axis is a whole model probe of %1 calls, %2 calls for the "
                               "%3 axes. The base calls (and the same-versus-same arm) are sent "
                               "once per axis, not shared: each axis is a run of its own in the "
                               "store that resumes alone, at %3 times the base calls of one "
                               "probe.")
                    .arg(perAxis)
                    .arg(perAxis * int(doc.axes.size()))
                    .arg(doc.axes.size()));
    if (doc.settings.backend == QLatin1String("stand-in")) {
        QStringList knobs;
        for (const AxisSpec& axis : doc.axes)
            knobs << QStringLiteral("%1: planted gap %2 on its counterfactual calls, noise x%3")
                         .arg(lit(axis.label()), NumberText::fixed(axis.plantedGap, 2),
                              NumberText::fixed(axis.noise, 2));
        r.paragraph(QStringLiteral("The stand-in's bias knob, per axis (the ground truth):"));
        r.bullets(knobs);
    }

    r.heading(QStringLiteral("Each axis's results"), 2);
    QStringList where;
    for (qsizetype i = 0; i < c.axes.size() && i < folders.size(); ++i)
        where << QStringLiteral("%1: `%2/` (report.md, summary.json, log.csv%3)")
                     .arg(lit(c.axes[i].axis.label()), folders[i],
                          c.axes[i].runId ? QStringLiteral(", run %1").arg(c.axes[i].runId)
                                          : QString());
    r.bullets(where);
    return r;
}

QString AxesReport::consoleText(const AxesComparison& c)
{
    int width = 4;
    for (const AxisComparison& a : c.axes)
        width = std::max(width, int(a.axis.label().size()));
    width += 2;
    QString out = QStringLiteral("Several axes against \"%1\" (%2 mode: %3)\n")
                      .arg(c.base, c.mode, c.estimator);
    out += padded(QStringLiteral("axis"), width) + padded(valueHeader(c).toLower(), 14) +
           padded(QStringLiteral("95% interval"), 18) + padded(QStringLiteral("p"), 9) +
           padded(QStringLiteral("Holm p"), 9) + padded(QStringLiteral("detectable"), 12) +
           padded(QStringLiteral("verdict"), 10) + QStringLiteral("status\n");
    for (const AxisComparison& a : c.axes) {
        out += padded(a.axis.label(), width) + padded(valueText(a), 14) +
               padded(intervalText(a), 18) +
               padded(a.hasResult() ? NumberText::pValue(a.p) : QStringLiteral("n/a"), 9) +
               padded(a.hasResult() ? NumberText::pValue(a.pHolm) : QStringLiteral("n/a"), 9) +
               padded(detectableText(a), 12) + padded(verdictName(a), 10) + a.statusName() +
               QLatin1Char('\n');
    }
    out += c.aggregateSentence() + QLatin1Char('\n');
    for (const AxisComparison& a : c.axes) {
        if (a.status != AxisStatus::Complete)
            out += QStringLiteral("  %1 %2: %3\n").arg(a.axis.label(), a.statusName(), a.gap);
    }
    out += c.multipleComparisonNote() + QLatin1Char('\n');
    return out;
}

} // namespace pb

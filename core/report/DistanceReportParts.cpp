#include "report/DistanceReportParts.h"

#include "probe/SeedList.h"
#include "report/DistanceComparisonText.h"
#include "report/NumberText.h"
#include "report/ReportBuilder.h"

namespace pb::DistanceReportParts {

namespace {

QString lit(const QString& value)
{
    return ReportDocument::literal(value);
}

} // namespace

QString joinedLiterals(const QStringList& values)
{
    QStringList out;
    for (const QString& v : values)
        out << lit(v);
    return out.join(QStringLiteral(", "));
}

void addTitle(ReportDocument* doc, const ReportContext& c, const QString& kind,
              const QString& modeText)
{
    doc->heading(
        lit(c.title) + QStringLiteral(": counterfactual ") + kind + QStringLiteral(" probe"), 1);
    doc->paragraph(ReportBuilder::generatedSentence(c) + QLatin1Char(' ') + modeText);
}

void addOpening(ReportDocument* doc, const ReportContext& c, const QString& resultSentence,
                bool detected)
{
    if (c.completeness && !c.completeness->complete())
        doc->paragraph(
            QStringLiteral("**") + ReportBuilder::incompleteSentence(*c.completeness) +
                QStringLiteral("** The numbers below are from the calls answered so far."),
            QStringLiteral("warning"));
    doc->paragraph(lit(resultSentence),
                   detected ? QStringLiteral("result-detected") : QStringLiteral("result-null"));
}

QStringList designLines(const ReportContext& c, const DistanceRunFacts& facts, int comparable,
                        qsizetype items)
{
    return {
        QStringLiteral("Attribute varied: **%1**, with values A = %2 and B = %3; the noise "
                       "floor is A again (%4) on a shifted block of seeds.")
            .arg(c.attributeName.isEmpty() ? QStringLiteral("(not named)") : lit(c.attributeName),
                 lit(facts.valueA), lit(facts.valueB), lit(facts.noiseLabel)),
        QStringLiteral("Items: %1 compared of %2.").arg(comparable).arg(items)};
}

QString heldFixedLine(const ReportContext& c, const QStringList& afterModel)
{
    QStringList fixed;
    if (!c.models.isEmpty())
        fixed << QStringLiteral("model %1").arg(joinedLiterals(c.models));
    fixed << afterModel;
    if (!c.backends.isEmpty())
        fixed << QStringLiteral("backend %1").arg(joinedLiterals(c.backends));
    if (!c.temperatures.isEmpty())
        fixed << QStringLiteral("temperature %1").arg(joinedLiterals(c.temperatures));
    if (c.probe)
        fixed << QStringLiteral("the same seeds for both values (%1)")
                     .arg(lit(c.probe->settings.seedsText.isEmpty()
                                  ? SeedList::format(c.probe->settings.seeds)
                                  : c.probe->settings.seedsText));
    return fixed.isEmpty() ? QString()
                           : QStringLiteral("Held fixed across every pair: %1.")
                                 .arg(fixed.join(QStringLiteral(", ")));
}

void addPerItem(ReportDocument* doc, const QStringList& header, const QList<QStringList>& rows,
                const QString& explanation, const detection::DistanceVerdict& verdict,
                const DistanceName& name)
{
    doc->heading(QStringLiteral("Per item"), 2);
    doc->table(header, rows, false);
    doc->paragraph(explanation);
    doc->heading(QStringLiteral("Effect against the noise floor"), 2);
    doc->bullets(DistanceComparisonText::bullets(verdict, name.distance, name.unit));
}

void addClosing(ReportDocument* doc, const ReportContext& c, const QStringList& quality,
                const QString& limits)
{
    doc->heading(QStringLiteral("Data quality"), 2);
    doc->bullets(quality);
    if (c.cost)
        c.cost->addTo(doc);
    doc->heading(QStringLiteral("Limits"), 2);
    doc->paragraph(limits);
}

QString resultSentence(const detection::DistanceVerdict& v, const DistanceRunFacts& facts,
                       const VerdictSentences& s, const DistanceName& name)
{
    const QString versus = QStringLiteral("%1 against %2").arg(facts.valueA, facts.valueB);
    if (!v.hasResult()) {
        if (v.deterministic && v.difference.valid)
            return s.unstable.arg(versus);
        return s.noItems.arg(facts.valueA, facts.valueB, facts.noiseLabel);
    }
    if (v.deterministic)
        return v.detected() ? s.deterministicDetected.arg(
                                  versus, NumberText::fixed(v.difference.meanCounterfactual, 4))
                            : s.deterministicNull.arg(versus);
    const QString numbers = DistanceComparisonText::numbers(v);
    if (v.detected())
        return s.detected.arg(versus, numbers);
    const QString below =
        v.comparison.significantlyBelow(DistanceRunFacts::kAlpha) ? s.below : QString();
    return s.null.arg(versus, numbers, below, DistanceComparisonText::nullSize(v, name.unit));
}

QString consoleItems(const QList<DistanceItem>& items, const QString& counterfactualHeader,
                     const QString& nullHeader)
{
    QString out =
        QStringLiteral("%1  %2  %3\n")
            .arg(QStringLiteral("item").leftJustified(12), counterfactualHeader, nullHeader);
    const qsizetype width = counterfactualHeader.size();
    for (const DistanceItem& r : items) {
        out += r.itemId.left(12).leftJustified(12) + QStringLiteral("  ") +
               (r.comparable ? QString(NumberText::fixed(r.counterfactual, 4).leftJustified(width) +
                                       QStringLiteral("  ") + NumberText::fixed(r.null, 4))
                             : QString(QStringLiteral("not compared: ") + r.reason)) +
               QLatin1Char('\n');
    }
    return out;
}

} // namespace pb::DistanceReportParts

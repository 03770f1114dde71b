#include "report/DistanceReportParts.h"

#include "probe/SeedList.h"
#include "report/ReportBuilder.h"

namespace pb::DistanceReportParts {

namespace {

QString lit(const QString& value)
{
    return ReportDocument::literal(value);
}

QString joined(const QStringList& values)
{
    QStringList out;
    for (const QString& v : values)
        out << lit(v);
    return out.join(QStringLiteral(", "));
}

} // namespace

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

QStringList designLines(const ReportContext& c, const QString& valueA, const QString& valueB,
                        const QString& noiseLabel, int comparable, qsizetype items)
{
    return {
        QStringLiteral("Attribute varied: **%1**, with values A = %2 and B = %3; the noise "
                       "floor is A again (%4) on a shifted block of seeds.")
            .arg(c.attributeName.isEmpty() ? QStringLiteral("(not named)") : lit(c.attributeName),
                 lit(valueA), lit(valueB), lit(noiseLabel)),
        QStringLiteral("Items: %1 compared of %2.").arg(comparable).arg(items)};
}

QString heldFixedLine(const ReportContext& c, const QStringList& afterModel)
{
    QStringList fixed;
    if (!c.models.isEmpty())
        fixed << QStringLiteral("model %1").arg(joined(c.models));
    fixed << afterModel;
    if (!c.backends.isEmpty())
        fixed << QStringLiteral("backend %1").arg(joined(c.backends));
    if (!c.temperatures.isEmpty())
        fixed << QStringLiteral("temperature %1").arg(joined(c.temperatures));
    if (c.probe)
        fixed << QStringLiteral("the same seeds for both values (%1)")
                     .arg(lit(c.probe->settings.seedsText.isEmpty()
                                  ? SeedList::format(c.probe->settings.seeds)
                                  : c.probe->settings.seedsText));
    return fixed.isEmpty() ? QString()
                           : QStringLiteral("Held fixed across every pair: %1.")
                                 .arg(fixed.join(QStringLiteral(", ")));
}

} // namespace pb::DistanceReportParts

#pragma once

#include "report/ReportContext.h"
#include "report/ReportDocument.h"

#include <QString>
#include <QStringList>

namespace pb {

// The parts of a report that every mode comparing distances (choice, generative) writes the
// same way, so the two reports cannot drift: the warning of an incomplete run and the result
// paragraph, the design's attribute and items lines, and what was held fixed.
namespace DistanceReportParts {

// The incomplete-run warning (when the context says so), then the result sentence styled as
// detected or null.
void addOpening(ReportDocument* doc, const ReportContext& context, const QString& resultSentence,
                bool detected);
// "Attribute varied: ..." and "Items: N compared of M."
QStringList designLines(const ReportContext& context, const QString& valueA, const QString& valueB,
                        const QString& noiseLabel, int comparable, qsizetype items);
// "Held fixed across every pair: model ..., <afterModel>, backend ..., temperature ..., the
// same seeds ...", or empty when nothing is known to have been held fixed.
QString heldFixedLine(const ReportContext& context, const QStringList& afterModel);

} // namespace DistanceReportParts

} // namespace pb

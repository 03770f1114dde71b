#pragma once

#include "axes/AxesComparison.h"
#include "axes/AxesDocument.h"
#include "report/ReportDocument.h"

#include <QString>
#include <QStringList>

namespace pb {

// The words of a probe of several axes: its report (report.md and report.html from one
// ReportDocument) and the CLI's table. Each axis's own report is its model probe's, in the
// axis's folder (AxesResultsFolder::axisFolder); this one sets the axes side by side.
class AxesReport
{
public:
    // folders: each axis's results folder as named in the report, in axis order.
    static ReportDocument build(const AxesDocument& doc, const AxesComparison& comparison,
                                const QStringList& folders);
    static QString consoleText(const AxesComparison& comparison);
    // "detected", "null", or "no result" for one axis; "missing" for one without a result.
    static QString verdictName(const AxisComparison& axis);
    // The column header of the value each axis reports, in the comparison's mode.
    static QString valueHeader(const AxesComparison& comparison);
    // The per-axis vector's table as report.md writes it: its headers, and one axis's row
    // (label, value, interval, p, Holm p, verdict, calls, status), so a view of the vector
    // shows the report's very texts.
    static QStringList tableHeaders(const AxesComparison& comparison);
    static QStringList rowTexts(const AxisComparison& axis);
};

} // namespace pb

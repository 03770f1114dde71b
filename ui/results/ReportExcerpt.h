#pragma once

#include "report/ReportDocument.h"

#include <QPalette>
#include <QString>
#include <QStringList>

namespace pb {

// What a Results page shows of a report in the report's own words, so the window and
// report.md never word a result apart: the bullets on the effect against the noise floor, and
// a few report blocks as HTML for a label.
namespace ReportExcerpt {

// The report's bullets on the effect against the noise floor and on what the design could
// detect, in the report's order: those under its headings that start with "Effect" or speak of
// a detectable effect, so a section the report gains on either is shown as well.
QStringList effectBullets(const ReportDocument& report);
// The blocks' HTML without the report's page style sheet (its body margins and width are a
// page's, not a label's), in the palette's colours; empty for no blocks.
QString labelHtml(const ReportDocument& blocks, const QPalette& palette);

} // namespace ReportExcerpt

} // namespace pb

#pragma once

#include "analysis/ProbeAnalysis.h"
#include "report/ReportContext.h"

#include <QString>

namespace pb {

// What the Results page says of a numeric probe's result above its charts: the headline (the
// average gap and its p, or why there is none) and the tests' lines as HTML (the sign-flip
// test's method, the sign test, the interval, the same-versus-same gap, and the report's result
// sentence). Words over core's figures, never figures of its own.
namespace NumericResultsText {

// running: the run is still going, so an empty table is "not yet" rather than "none".
QString headline(const ProbeAnalysis& analysis, bool running);
QString detailHtml(const ProbeAnalysis& analysis, const ReportContext& context);

} // namespace NumericResultsText

} // namespace pb

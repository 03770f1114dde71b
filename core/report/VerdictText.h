#pragma once

#include "analysis/ProbeAnalysis.h"

#include <QString>

namespace pb {

// What the tests of a probe say, in the words every view shows: the report, the console
// summary and the window's Results page take these sentences from here, so they agree. Values
// from the user (variant names) are wrapped in ReportDocument::literal(); plain() them for a
// label or a terminal.
class VerdictText
{
public:
    // "No result: no item has a scored reply for both formal and casual (480 calls logged, 0
    // failed, 480 replies the metric could not score). ..." when analysis.hasResult() is false;
    // empty otherwise.
    static QString noResult(const ProbeAnalysis& analysis);
    // The report's "Is the gap larger than noise?" bullets: each test with its p, the
    // interval of the average gap, and the same-versus-same check.
    static QStringList testLines(const ProbeAnalysis& analysis);
};

} // namespace pb

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
    // "95% t interval over items of the average gap (8 items, 7 degrees of freedom): +0.31
    // to +1.09.", or "No interval of the average gap: one item: ..." when there is none.
    static QString interval(const GapInterval& interval);
    // "Minimum detectable gap: with 8 items whose gaps spread with SD 0.45, this design
    // detects an average gap of 0.52 steps or more 80% of the time at alpha 0.05 (...)", or
    // why there is none; what a null result can and cannot rule out.
    static QString detectable(const ProbeAnalysis& analysis);
    // Which test the verdict reads, for the report's test bullets.
    static QString verdictTest();
    // When the interval and the verdict's test disagree (a null result whose interval
    // excludes 0, or a detected gap whose interval includes it), the sentence that says so
    // and which one the verdict follows; empty when they agree or there is no interval.
    static QString disagreement(const ProbeAnalysis& analysis);
};

} // namespace pb

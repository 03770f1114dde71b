#pragma once

#include "analysis/ProbeAnalysis.h"
#include "report/ReportContext.h"
#include "report/ReportDocument.h"

namespace pb {

// The Area 4 report of the tutorial (section 10): the probe design, the disaggregated
// per-item table, p values naming their tests, the same-versus-same gap, data-quality
// gaps, and the limits. A p at or above 0.05 is written up as a null result with its size,
// in words a reader cannot mistake for a guarantee.
class ReportBuilder
{
public:
    static ReportDocument build(const ReportContext& context, const ProbeAnalysis& analysis);
    // The sentence that states the result (detected or null), also shown in the GUI: plain
    // text, its values unmarked.
    static QString resultSentence(const ReportContext& context, const ProbeAnalysis& analysis);
    // "sign-flip permutation test (exact over all 256 sign patterns of 8 item gaps)"
    static QString signFlipDescription(const SignFlipResult& result);
    // "Incomplete: 180 of 480 calls missing; Start resumes ...", said wherever a stored run
    // with fewer answered cells than planned is shown; empty for a complete run.
    static QString incompleteSentence(const RunCompleteness& completeness);
    // "Pairs that differ in more than the attribute: 7 (Lakisha drops '10'). ...", empty
    // when every pair is matched.
    static QString pairMismatchSentence(const QList<PairMismatch>& mismatches);

private:
    // The same with its values wrapped in ReportDocument::literal(), for the report.
    static QString markedResultSentence(const ReportContext& context,
                                        const ProbeAnalysis& analysis);
};

} // namespace pb

#pragma once

#include "choice/ChoiceAnalysis.h"
#include "report/ReportContext.h"
#include "report/ReportDocument.h"

#include <QString>

namespace pb {

// A choice probe's report, console text and sentences: its design, where the distributions
// came from (log probabilities, or sampled frequencies, said in bold with the reason), each
// item's distributions under A, B and A again with their divergences, the effect against the
// noise floor with its interval and p (or the deterministic comparison), and the data gaps.
class ChoiceReport
{
public:
    static ReportDocument build(const ReportContext& context, const ChoiceAnalysis& analysis);
    // The sentence that states the result, plain text.
    static QString resultSentence(const ChoiceAnalysis& analysis);
    // Where the distributions came from, plain text ("Sampled frequencies: ...").
    static QString sourceSentence(const ChoiceAnalysis& analysis);
    // The per-item table and the result, for the terminal.
    static QString consoleText(const ChoiceAnalysis& analysis);
    // "yes 0.62, no 0.38"
    static QString distributionText(const ChoiceAnalysis& analysis,
                                    const ChoiceArmDistribution& arm);
};

} // namespace pb

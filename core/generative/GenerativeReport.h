#pragma once

#include "generative/GenerativeAnalysis.h"
#include "report/ReportContext.h"
#include "report/ReportDocument.h"

#include <QString>

namespace pb {

// A generative probe's report, console text and sentences: its design with the embedding
// model held fixed, each item's mean cosine distances of A against B and of A against A
// again with the pairs they are made of, the effect against the noise floor with its
// interval and p (or the deterministic comparison), and the data gaps. The mode, generative,
// is named in the heading line: its scores are never read beside another mode's.
class GenerativeReport
{
public:
    static ReportDocument build(const ReportContext& context, const GenerativeAnalysis& analysis);
    // The sentence that states the result, plain text.
    static QString resultSentence(const GenerativeAnalysis& analysis);
    // The per-item table and the result, for the terminal.
    static QString consoleText(const GenerativeAnalysis& analysis);
};

} // namespace pb

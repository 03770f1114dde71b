#pragma once

#include "analysis/ProbeAnalysis.h"
#include "probe/ProbeDocument.h"
#include "report/ReportDocument.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// One of two runs being compared, e.g. before and after a mitigation.
struct ComparedRun
{
    QString label; // "run 1 (before)"
    ProbeAnalysis analysis;
    std::optional<ProbeDocument> probe; // the design as run, when known
};

// The tutorial's section 10: "If you mitigated it, rerun the whole probe with the same items,
// seeds, and metric, and report both runs side by side." Builds that side-by-side section
// (per-item gaps of both runs, both p values naming their tests, both same-versus-same
// gaps) as report blocks, so the GUI, Markdown, HTML and PDF show one content.
class RunComparison
{
public:
    // What should have stayed the same but did not (items, values, seeds, metric), one
    // sentence each; empty when the two runs are comparable.
    static QStringList mismatches(const ProbeDocument& before, const ProbeDocument& after);
    // What was changed between the runs (the mitigation: system prompt, model, ...).
    static QStringList changes(const ProbeDocument& before, const ProbeDocument& after);

    // Appends the comparison section (a level-2 heading and its blocks) to *doc.
    static void appendSection(ReportDocument* doc, const ComparedRun& before,
                              const ComparedRun& after);
    // The section alone, as its own document.
    static ReportDocument build(const ComparedRun& before, const ComparedRun& after);
};

} // namespace pb

#pragma once

#include "judge/JudgeAnalysis.h"
#include "report/ReportDocument.h"

#include <QDateTime>
#include <QString>

namespace pb {

// The judge section of the Area 4 report: the probe design (rubric, items, pair shapes,
// judges), then per judge what moved the verdicts and by how much (flips, per-criterion
// deltas with their sign-flip p), the score against construction with its exact ceiling and
// where the shortfall fell, the evidence quotes, the stability check and the A/B position
// consistency; two judges side by side; and what a clean run does not show.
class JudgeReportBuilder
{
public:
    struct Context
    {
        QString source; // "library-padding.judge.json"
        QString store;  // the run store file
        QDateTime generated;
    };

    // A whole report (report.md / report.html of a judge probe run).
    static ReportDocument build(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis,
                                const Context& context);
    // The section alone, headed at `level` (1-2), for appending to another report.
    static void addSection(ReportDocument& report, const JudgeProbeDocument& doc,
                           const JudgeAnalysis& analysis, int level);
    // One sentence: the construction score and where its shortfall fell.
    static QString constructionSentence(const JudgeRunAnalysis& run);
    // Bullets: the limits of this run in particular (items at the ceiling, no stability
    // check, few items) and of constructed probes in general.
    static QStringList limits(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis);
};

} // namespace pb

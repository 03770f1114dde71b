#pragma once

#include "judge/JudgeAnalysis.h"
#include "judge/JudgeProbeDocument.h"
#include "report/ReportDocument.h"
#include "report/ResultsEvidence.h"

#include <QString>

namespace pb {

// A judge probe's results folder, written the one way the CLI's run and the window's Export
// both use: judge-log.csv, report.md, report.html and summary.json (with what it was written
// from under "evidence"), together and whole through ResultsFolder: a failed write leaves
// every previous file as it was, and results are never replaced by fewer calls of a run.
class JudgeResultsFolder
{
public:
    // Makes the folder when it is missing. report is the judge report as shown or built.
    static bool write(const QString& folder, const JudgeProbeDocument& doc,
                      const JudgeAnalysis& analysis, const ReportDocument& report,
                      const ResultsEvidence& evidence, QString* error);
};

} // namespace pb

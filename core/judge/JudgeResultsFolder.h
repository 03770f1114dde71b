#pragma once

#include "judge/JudgeAnalysis.h"
#include "judge/JudgeProbeDocument.h"
#include "judge/JudgeProbeRun.h"
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
    // What the store holds (JudgeProbeRun::readStored), with its report built now naming
    // source (the probe file's name) and the store: what `probebench run` writes after a run,
    // and what the window's Export and the grader-bias probe write, for the same store the
    // same files. Refused, with the reason, when the store could not be read or holds no call.
    static bool writeStored(const QString& folder, const JudgeProbeDocument& doc,
                            const JudgeProbeRun::StoredJudgeResults& stored, const QString& source,
                            QString* error);
};

} // namespace pb

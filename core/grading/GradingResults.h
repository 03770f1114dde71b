#pragma once

#include "grading/GradingRun.h"
#include "grading/GradingSummary.h"
#include "report/ResultsFolder.h"
#include "store/RunRecord.h"

#include <QString>

namespace pb {

struct GoldenComparison;

// The results folder of a grading, as `probebench grade` writes it and the window exports it:
// grades.csv, grading.md, review-needed.txt and summary.json (recording the stored run it was
// written from, so a later write with fewer calls of that run is refused); with a regression,
// regression.md and summary.json's "regression" too. One writer, so the window's export holds
// the CLI's bytes.
namespace GradingResults {

// run: the stored run the outcome was read from (null when no call was needed, a folder of
// empty files); calls: how many calls of it were read.
bool write(const ResultsFolder& folder, const JudgeProbeDocument& doc, const GradingOutcome& graded,
           const GradingSummary::Context& context, const RunRecord* run, qint64 calls,
           const GoldenComparison* regression, QString* error);

} // namespace GradingResults

} // namespace pb

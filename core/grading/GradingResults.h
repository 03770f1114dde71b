#pragma once

#include "grading/GradingRun.h"
#include "grading/GradingSummary.h"
#include "report/ResultsEvidence.h"
#include "report/ResultsFolder.h"
#include "store/RunRecord.h"

#include <QString>

namespace pb {

struct GoldenComparison;
struct PerCriterionComparison;

// The results folder of a grading, as `probebench grade` writes it and the window exports it:
// grades.csv, grading.md, review-needed.txt and summary.json (recording the stored run it was
// written from, so a later write with fewer calls of that run is refused); with a regression,
// regression.md and summary.json's "regression" too; graded one criterion per call,
// per-criterion.md and per-criterion.json (PerCriterionComparison). One writer, so the window's
// export holds the CLI's bytes.
namespace GradingResults {

// runs: the stored runs the outcome was read from and how many calls of each were read (none
// when no call was needed, a folder of empty files; one per criterion graded one per call).
bool write(const ResultsFolder& folder, const JudgeProbeDocument& doc, const GradingOutcome& graded,
           const GradingSummary::Context& context, const QList<ResultsEvidence::Run>& runs,
           const GoldenComparison* regression, QString* error,
           const PerCriterionComparison* perCriterion = nullptr);

} // namespace GradingResults

} // namespace pb

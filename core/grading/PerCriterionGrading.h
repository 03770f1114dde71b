#pragma once

#include "grading/GradingRun.h"

#include <QList>

namespace pb {

// Grading one criterion per call, the option beside GradingRun's one call per submission: the
// rubric becomes one judge probe per criterion (GradingRun::document of a rubric holding that
// criterion only, the title, scale and artifact type kept), each a run of its own in the same
// store. The prompt, the JSON schema, the re-asks, the evidence check and the stored record are
// the judge pipeline's, exactly as for the all-criteria grading; only the rubric sent differs,
// so each criterion's run has an identity of its own, different from the all-criteria run
// whenever the rubric has two criteria or more (with one, both are the same calls and share one
// run), and grading again resumes each without calling anything twice. An empty submission is
// no item of any of them: still no call.
namespace PerCriterionGrading {

// The rubric with only criterion `index` (0-based), as its per-criterion run sends it.
Rubric criterionRubric(const Rubric& rubric, qsizetype index);
// One judge probe per criterion, in rubric order.
QList<JudgeProbeDocument> documents(const Rubric& rubric, const QList<Submission>& submissions,
                                    const JudgeConfig& grader, const EvidencePolicy& evidence);
// One run unit per document, named for its criterion ("criterion \"claims_cited\"").
QList<RunUnit> units(const QList<JudgeProbeDocument>& docs);

// The per-criterion verdicts merged into one grading of the whole rubric, the same rows,
// flags and weighted total GradingRun::outcome gives for one call per submission:
//   a cell        its criterion's call's level, evidence and match
//   flags         every criterion call's flags (REVIEW_NEEDED, HALLUCINATED_EVIDENCE:<id>,
//                 FAILED:<kind>), each once, in rubric order
//   total         only when every criterion's call is scored and every level counts
//   NOT_GRADED    any criterion's call not made yet (rerun to resume)
//   review        one entry per criterion call that never validated, its criterion named
//   cost          one run per criterion, labelled with its id
// calls[i] and runIds[i]: the stored calls and the run of docs[i] (empty, 0: not run yet).
GradingOutcome outcome(const Rubric& rubric, const QList<JudgeProbeDocument>& docs,
                       const QList<Submission>& submissions, const QList<QList<LoggedCall>>& calls,
                       const QList<qint64>& runIds);

} // namespace PerCriterionGrading

} // namespace pb

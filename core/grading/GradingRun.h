#pragma once

#include "grading/GradeRow.h"
#include "grading/SubmissionFolder.h"
#include "judge/EvidenceTally.h"
#include "judge/JudgeProbeDocument.h"
#include "report/RunCost.h"
#include "run/RunUnit.h"
#include "store/LoggedCall.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

// A submission the judge's replies never made valid: kept for a person to grade, with what
// the judge said, never given a guessed level.
struct ReviewNeeded
{
    QString filename;
    QString rawOutput;            // the last reply, as received
    QStringList validationErrors; // why it did not validate
    int tries = 0;
    QString criterion; // graded one criterion per call: the criterion whose call it was
};

// What a grading run's store holds for a folder, one row per submission in folder order.
struct GradingOutcome
{
    QList<GradeRow> rows;
    EvidenceTally evidence; // every quote of the scored replies checked against its file
    QList<ReviewNeeded> review;
    QStringList failed;    // no reply after every retry (FAILED rows)
    QStringList notCalled; // not called yet: the run stopped first; rerun to resume
    int emptyFiles = 0;    // EMPTY_FILE rows: no call made
    int judged = 0;        // submissions with a recorded judge call
    int scored = 0;        // of them, those whose every reply validated
    RunCost cost;          // the grader's tokens over every recorded call, at its prices

    bool complete() const { return notCalled.isEmpty() && failed.isEmpty(); }
};

// Batch grading as a kind on the one run path: the folder becomes a judge probe with one item
// per submission that has text (id = file name, the text as the answer, nothing deserved) and
// one judge, the grader, so the prompt, the JSON schema, the re-asks (JudgeReplies), the
// evidence check and the stored record are the judge probes' own. An empty submission is
// no item at all: it gets an EMPTY_FILE row and never a call. The run's identity is the
// judge run's (every text sent, the rubric, the grader's settings), so grading the same
// folder again with the same settings resumes and calls nothing twice, and a changed file
// or setting is a new run.
namespace GradingRun {

inline constexpr const char* kGraderName = "grader";

JudgeProbeDocument document(const Rubric& rubric, const QList<Submission>& submissions,
                            const JudgeConfig& grader, const EvidencePolicy& evidence);
RunUnit unit(const JudgeProbeDocument& doc);
// The rows and the tallies from the run's stored calls (any order; an absent call is
// "not called yet").
GradingOutcome outcome(const JudgeProbeDocument& doc, const QList<Submission>& submissions,
                       const QList<LoggedCall>& calls);

} // namespace GradingRun

} // namespace pb

#pragma once

#include "grading/WeightedTotal.h"
#include "judge/EvidenceCheck.h"
#include "judge/JudgeVerdict.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// One criterion of one graded submission.
struct GradeCell
{
    std::optional<int> level; // empty unless the judge's level is scored (see CriterionGrade)
    QString evidence;         // the quote as the judge gave it
    EvidenceCheck::Match match = EvidenceCheck::Match::None;
};

// One row of grades.csv: a submission, its weighted total, its flags and one cell per rubric
// criterion in rubric order. Nothing is guessed:
//   EMPTY_FILE                      the submission has no text; no call was made, so every
//                                   level and the total are empty
//   REVIEW_NEEDED                   the judge's reply never validated; levels and total empty
//                                   (the raw reply stays in the judge call log)
//   FAILED                          no reply at all; levels and total empty
//   NOT_GRADED                      the grading run stopped before this submission's call;
//                                   rerunning resumes it
//   HALLUCINATED_EVIDENCE:<id>      that criterion's quote is not in the submission (exact,
//                                   then fuzzy at the policy's threshold): its level is left
//                                   empty and the row has no total
// The flag texts are the judge log's own (JudgeVerdict::flags), so one submission carries
// the same flags in both files.
struct GradeRow
{
    static constexpr const char* kEmptyFile = "EMPTY_FILE";
    static constexpr const char* kNotGraded = "NOT_GRADED";

    QString filename;
    std::optional<WeightedTotal> total; // only when every criterion is scored
    QStringList flags;
    QList<GradeCell> cells;

    static GradeRow emptyFile(const QString& filename, const Rubric& rubric);
    // A submission the judge was called on. The rubric must pass GradingRubric::check.
    static GradeRow fromVerdict(const QString& filename, const Rubric& rubric,
                                const JudgeVerdict& verdict);
    // A submission "has no text" when it is empty or only whitespace.
    static bool isEmptySubmission(const QString& text);
};

} // namespace pb

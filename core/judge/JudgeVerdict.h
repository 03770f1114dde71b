#pragma once

#include "judge/EvidenceCheck.h"
#include "judge/JudgeProbeDocument.h"
#include "judge/JudgeReplyReader.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

enum class JudgeOutcome
{
    Scored,       // the reply validated; each criterion is scored unless its quote is invented
    ReviewNeeded, // the reply never validated, even after the re-asks: kept raw, never scored
    Failed        // no reply at all (the backend gave up); nothing to score
};

// One criterion of one judge call.
struct CriterionGrade
{
    static constexpr const char* kHallucinated = "HALLUCINATED_EVIDENCE";

    QString criterionId;
    std::optional<int> reported; // the judge's verdict; pairwise: the answer it chose
                                 // (0 first, 1 second), whatever position it was shown in
    std::optional<int> position; // pairwise only: 0 = A, 1 = B as the judge wrote it
    QString evidence;
    EvidenceCheck::Result check;
    bool evidenceRequired = true;

    bool hallucinated() const { return check.match == EvidenceCheck::Match::Hallucinated; }
    // A verdict backed by an invented quote is flagged and never counted as a number.
    bool scored() const { return reported.has_value() && !hallucinated(); }
    std::optional<int> value() const { return scored() ? reported : std::nullopt; }
    QString flag() const; // "HALLUCINATED_EVIDENCE" or empty
};

// The outcome of one judge call (with its re-asks): what the judge said per criterion, what
// of it is scored, and every flag. Rebuilt from the logged raw output whenever a stored run
// is analysed, so the analysis never depends on anything but the evidence log.
struct JudgeVerdict
{
    static constexpr const char* kReviewNeeded = "REVIEW_NEEDED";

    JudgeOutcome outcome = JudgeOutcome::Failed;
    QList<CriterionGrade> grades; // rubric order; empty unless Scored
    // sum of the weighted points, only when every criterion is scored and the rubric's scale
    // gives points (not for pairwise choices)
    std::optional<double> weightedTotal;
    QStringList validationErrors; // why the last reply did not validate
    QString rawOutput;            // the last reply, as received
    int tries = 0;                // judge replies received, re-asks included
    QString error;                // Failed: why there is no reply

    const CriterionGrade* grade(const QString& criterionId) const;
    std::optional<int> value(const QString& criterionId) const;
    // "REVIEW_NEEDED", "HALLUCINATED_EVIDENCE:<criterion>", "FAILED:<kind>" as the log shows.
    QStringList flags() const;
    int hallucinatedCount() const;

    static JudgeVerdict scored(const JudgeReplyReading& reading, const QString& raw, int tries,
                               const Rubric& rubric, const JudgeVariant& variant, bool pairwise,
                               bool requireEvidence, const EvidencePolicy& policy);
    static JudgeVerdict reviewNeeded(const QString& raw, const QStringList& errors, int tries);
    static JudgeVerdict failed(const QString& error);

    static QString outcomeName(JudgeOutcome outcome); // "scored", "review-needed", "failed"
};

} // namespace pb

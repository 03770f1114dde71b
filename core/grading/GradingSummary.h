#pragma once

#include "grading/GradingRun.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace pb {

// What a grading run says besides grades.csv, from one GradingOutcome: the counts, the
// hallucinated-evidence rate ("3 of 48 quotes, 6.25%") with every invented quote listed, and
// the submissions that need a person (REVIEW_NEEDED), whose raw replies go whole into
// review-needed.txt. The console, grading.md and summary.json carry the same figures.
class GradingSummary
{
public:
    static constexpr const char* kFormat = "probebench/grading-summary@1";

    struct Context
    {
        QString folder;   // as the user named it
        QString rubric;   // the rubric file's name
        QString store;    // the store's file name
        qint64 runId = 0; // the store's run
        // Graded one criterion per call (PerCriterionGrading): every criterion's run, in rubric
        // order; runId is then the first of them.
        QList<qint64> criterionRuns;
    };

    static QString console(const JudgeProbeDocument& doc, const GradingOutcome& outcome);
    static QByteArray markdown(const JudgeProbeDocument& doc, const GradingOutcome& outcome,
                               const Context& context);
    static QJsonObject json(const JudgeProbeDocument& doc, const GradingOutcome& outcome,
                            const Context& context);
    // Every REVIEW_NEEDED submission's validation errors and raw output, verbatim.
    static QByteArray reviewFile(const GradingOutcome& outcome);
};

} // namespace pb

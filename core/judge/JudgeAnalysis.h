#pragma once

#include "judge/JudgeRunAnalysis.h"
#include "report/RunCost.h"

#include <QList>

namespace pb {

// Every judge of a judge probe run on the same probe set, side by side (the chapter's
// before/after table when there are two).
struct JudgeAnalysis
{
    QString title;
    QList<JudgeRunAnalysis> judges; // in the probe's judge order

    bool comparesJudges() const { return judges.size() > 1; }
    // Each judge's tokens and cost, labelled with its name.
    RunCost cost() const;

    // callsPerJudge[i] holds the logged calls of doc.judges[i].
    static JudgeAnalysis compute(const JudgeProbeDocument& doc,
                                 const QList<QList<JudgedCall>>& callsPerJudge);
};

} // namespace pb

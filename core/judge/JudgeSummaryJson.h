#pragma once

#include "judge/JudgeAnalysis.h"

#include <QJsonObject>

namespace pb {

// summary.json of a judge probe run: per judge the call counts, the construction score by
// group with its misses, the flips and per-criterion deltas by property (with each sign-flip
// p and its method), the evidence rate and the stability and position results. Full
// precision; unscored verdicts are absent or null, never numbers.
class JudgeSummaryJson
{
public:
    static QJsonObject build(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis);
};

} // namespace pb

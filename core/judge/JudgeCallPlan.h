#pragma once

#include "judge/JudgeProbeDocument.h"
#include "run/CallRequest.h"

#include <QList>

namespace pb {

// Expands a judge probe into the calls one judge needs: every item's base and variants once
// (arm Probe, the judge's seed), then the stability repeats (arm Noise, seeds seed + 1 ..
// seed + repeats - 1), each a fresh conversation with the rubric in the system prompt and
// the artifact in the user message. CallRequest::variant holds the variant id ("base",
// "padded", "swapped", ...).
class JudgeCallPlan
{
public:
    static QList<CallRequest> build(const JudgeProbeDocument& doc, const JudgeConfig& judge);
    static CallRequest request(const JudgeProbeDocument& doc, const JudgeConfig& judge,
                               int itemIndex, const JudgeVariant& variant);
    // 0 for the probe's own call, k for the k-th stability repeat.
    static int repeatOf(CallArm arm, qint64 seed, const JudgeConfig& judge);
};

} // namespace pb

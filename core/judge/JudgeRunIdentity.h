#pragma once

#include "judge/JudgeProbeDocument.h"
#include "run/RunIdentity.h"

#include <QJsonObject>
#include <QString>

namespace pb {

// What makes two runs of one judge "the same run": the rubric, every artifact sent with the
// verdicts it deserves, and everything about the judge that changes what is sent (backend,
// model, temperature, seed, instructions, evidence requirement, schema, re-asks, token
// limits). Endpoints, concurrency and timeouts change only how fast replies arrive; the
// stability repeats and the evidence threshold add calls or re-read stored replies. Each
// judge of a probe is its own run in the store.
class JudgeRunIdentity
{
public:
    // The probe as compiled (generated variants written out, rubric inline), for the store.
    static QJsonObject compiledProbe(const JudgeProbeDocument& doc);
    static QJsonObject judgeJson(const JudgeConfig& judge);
    static QJsonObject canonical(const JudgeProbeDocument& doc, const JudgeConfig& judge);
    static QString hash(const JudgeProbeDocument& doc, const JudgeConfig& judge); // hex SHA-256

    // The identity of this judge's run, with the record a new run is created from.
    static RunIdentity identity(const JudgeProbeDocument& doc, const JudgeConfig& judge);
};

} // namespace pb

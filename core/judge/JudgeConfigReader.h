#pragma once

#include "judge/JudgeProbeDocument.h"
#include "probe/JsonFieldReader.h"
#include "probe/ProbeProblem.h"

#include <QList>

namespace pb {

// Reads how a judge probe is judged: its "judges" (each judge's name, unique, backend, model
// and how it is asked; the connection fields checked by the same rules as a model probe's
// settings: endpoints, keep_alive, api_key_env) and its "evidence" policy. Every problem is
// recorded by path.
class JudgeConfigReader
{
public:
    static void readJudges(JsonFieldReader& top, QList<ProbeProblem>* problems,
                           QList<JudgeConfig>* out);
    static void readEvidence(JsonFieldReader& top, QList<ProbeProblem>* problems,
                             EvidencePolicy* out);
};

} // namespace pb

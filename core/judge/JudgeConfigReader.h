#pragma once

#include "judge/JudgeProbeDocument.h"
#include "probe/JsonFieldReader.h"
#include "probe/ProbeProblem.h"

#include <QList>

namespace pb {

// Reads a judge probe's "judges": each judge's name (unique), backend, model and how it is
// asked, every problem recorded by path. The connection fields are checked by the same rules
// as a model probe's settings (endpoints, keep_alive, api_key_env).
class JudgeConfigReader
{
public:
    static void readJudges(JsonFieldReader& top, QList<ProbeProblem>* problems,
                           QList<JudgeConfig>* out);
};

} // namespace pb

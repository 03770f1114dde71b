#include "judge/JudgeBackendFactory.h"

#include "backends/BackendFactory.h"
#include "judge/StandInJudgeBackend.h"

namespace pb {

std::unique_ptr<ModelBackend>
JudgeBackendFactory::create(const JudgeConfig& judge, const QString& expectedDigest, QString* error)
{
    if (judge.backend == QLatin1String("stand-in-judge"))
        return std::make_unique<StandInJudgeBackend>();
    return BackendFactory::create(judge, error, {expectedDigest, {}, {}});
}

} // namespace pb

#include "judge/JudgeBackendFactory.h"

#include "backends/BackendFactory.h"
#include "judge/StandInJudgeBackend.h"

namespace pb {

ProbeSettings JudgeBackendFactory::settingsFor(const JudgeConfig& judge)
{
    ProbeSettings s;
    s.backend = judge.backend;
    s.model = judge.effectiveModel();
    s.temperature = judge.temperature;
    s.seeds = {judge.seed};
    s.endpoints = judge.endpoints;
    s.concurrency = judge.concurrency;
    s.timeoutSeconds = judge.timeoutSeconds;
    s.maxTokens = judge.maxTokens;
    s.contextLength = judge.contextLength;
    s.keepAlive = judge.keepAlive;
    s.apiKeyEnv = judge.apiKeyEnv;
    return s;
}

std::unique_ptr<ModelBackend>
JudgeBackendFactory::create(const JudgeConfig& judge, const QString& expectedDigest, QString* error)
{
    if (judge.backend == QLatin1String("stand-in-judge"))
        return std::make_unique<StandInJudgeBackend>();
    const ProbeSettings settings = settingsFor(judge);
    std::optional<BackendConfig> config = BackendFactory::configFor(settings, error);
    if (!config)
        return nullptr;
    config->expectedDigest = expectedDigest;
    return BackendFactory::create(settings.backend, *config, error);
}

} // namespace pb

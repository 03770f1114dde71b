#pragma once

#include "backends/ModelBackend.h"
#include "judge/JudgeProbeDocument.h"

#include <memory>

namespace pb {

// Builds the backend one judge names: the built-in stand-in judge, or an Ollama/OpenAI
// backend through BackendFactory with the judge's model, endpoints and limits.
class JudgeBackendFactory
{
public:
    // expectedDigest: the model digest earlier calls of a resumed run came from (or empty).
    static std::unique_ptr<ModelBackend> create(const JudgeConfig& judge,
                                                const QString& expectedDigest, QString* error);
};

} // namespace pb

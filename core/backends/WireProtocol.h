#pragma once

#include <QString>

namespace pb {

// The two HTTP dialects the workbench speaks to models.
enum class WireProtocol
{
    Ollama, // POST /api/chat, GET /api/tags, /api/version, POST /api/show
    OpenAi  // POST {base}/chat/completions, GET {base}/models, base ending in /v1
};

inline QString wireProtocolName(WireProtocol protocol)
{
    return protocol == WireProtocol::Ollama ? QStringLiteral("ollama") : QStringLiteral("openai");
}

} // namespace pb

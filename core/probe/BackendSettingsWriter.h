#pragma once

#include "probe/BackendSettings.h"

#include <nlohmann/json.hpp>

namespace pb {

// Writes a BackendSettings into the object BackendSettingsReader reads it back from: a
// probe's "settings" or one judge. Split in two so a file keeps its familiar key order:
// the model first, the connection after the kind's own keys.
class BackendSettingsWriter
{
public:
    // "backend", "model" (when given) and "temperature".
    static void writeModel(const BackendSettings& settings, nlohmann::ordered_json* out);
    // "endpoints", "concurrency", "timeout_seconds", "max_tokens", "context_length",
    // "keep_alive" and "api_key_env", each only when it differs from BackendSettings'
    // default, so a file says only what its author chose.
    static void writeConnection(const BackendSettings& settings, nlohmann::ordered_json* out);
};

} // namespace pb

#include "probe/BackendSettingsWriter.h"

namespace pb {

using ojson = nlohmann::ordered_json;

void BackendSettingsWriter::writeModel(const BackendSettings& s, ojson* out)
{
    (*out)["backend"] = s.backend.toStdString();
    if (!s.model.isEmpty())
        (*out)["model"] = s.model.toStdString();
    (*out)["temperature"] = s.temperature;
}

void BackendSettingsWriter::writeConnection(const BackendSettings& s, ojson* out)
{
    const BackendSettings defaults;
    if (!s.endpoints.isEmpty()) {
        ojson list = ojson::array();
        for (const QString& endpoint : s.endpoints)
            list.push_back(endpoint.toStdString());
        (*out)["endpoints"] = list;
    }
    if (s.concurrency != defaults.concurrency)
        (*out)["concurrency"] = s.concurrency;
    if (s.timeoutSeconds != defaults.timeoutSeconds)
        (*out)["timeout_seconds"] = s.timeoutSeconds;
    if (s.maxTokens)
        (*out)["max_tokens"] = *s.maxTokens;
    if (s.contextLength)
        (*out)["context_length"] = *s.contextLength;
    if (!s.keepAlive.isEmpty()) {
        // The reader keeps a number of seconds as its text; write it back as a number.
        const ojson number = ojson::parse(s.keepAlive.toStdString(), nullptr, false);
        (*out)["keep_alive"] = number.is_number() ? number : ojson(s.keepAlive.toStdString());
    }
    if (!s.apiKeyEnv.isEmpty())
        (*out)["api_key_env"] = s.apiKeyEnv.toStdString(); // the variable's name, never the key
    if (s.prices) {
        (*out)["price_per_million_input"] = s.prices->perMillionInput;
        (*out)["price_per_million_output"] = s.prices->perMillionOutput;
    }
}

} // namespace pb

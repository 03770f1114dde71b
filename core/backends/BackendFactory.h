#pragma once

#include "backends/BackendConfig.h"
#include "backends/ModelBackend.h"
#include "probe/BackendSettings.h"

#include <memory>
#include <optional>

namespace pb {

// Builds the backend a probe's settings name: "stand-in", "ollama" or "openai".
// Settings that cannot work (unknown backend, an endpoint that is not a URL, an openai
// backend without an endpoint, an api_key_env that looks like a pasted key) are refused
// with one sentence before anything is sent. The error text never repeats api_key_env's
// value when that value may be a key.
class BackendFactory
{
public:
    // What a run keeps of the model its stored calls came from (BackendConfig's
    // expectedDigest, modelRole and storedWork): their digest, empty when none is recorded
    // yet, and how a refusal names the model and that work, empty for BackendConfig's words.
    struct KeptModel
    {
        QString digest;
        QString role;
        QString storedWork;
    };

    static QStringList backendNames();
    // "127.0.0.1:11434", "http://host:8080/v1/" -> a base URL without trailing slash.
    static std::optional<QUrl> parseEndpoint(const QString& text, QString* error);
    // Endpoints (Ollama's default when none is given), concurrency, model and key
    // variable from the settings; delays and limits keep BackendConfig's defaults.
    static std::optional<BackendConfig> configFor(const BackendSettings& settings, QString* error);
    // configFor(settings), keeping `kept`, then create(): how every run builds its backends.
    static std::unique_ptr<ModelBackend> create(const BackendSettings& settings, QString* error,
                                                const KeptModel& kept = {});
    static std::unique_ptr<ModelBackend> create(const QString& backend, const BackendConfig& config,
                                                QString* error);
};

} // namespace pb

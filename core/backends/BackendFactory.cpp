#include "backends/BackendFactory.h"

#include "backends/ApiKey.h"
#include "backends/OllamaBackend.h"
#include "backends/OpenAiBackend.h"
#include "standin/StandInBackend.h"

namespace pb {

namespace {

void setError(QString* error, const QString& message)
{
    if (error)
        *error = message;
}

} // namespace

QStringList BackendFactory::backendNames()
{
    return {QStringLiteral("stand-in"), QStringLiteral("ollama"), QStringLiteral("openai")};
}

std::optional<QUrl> BackendFactory::parseEndpoint(const QString& text, QString* error)
{
    QString written = text.trimmed();
    if (!written.contains(QLatin1String("://")))
        written.prepend(QStringLiteral("http://"));
    QUrl url(written, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || url.host().isEmpty() ||
        (scheme != QLatin1String("http") && scheme != QLatin1String("https")) || url.hasQuery() ||
        url.hasFragment()) {
        setError(error, QStringLiteral("the endpoint '%1' is not a base URL like "
                                       "http://127.0.0.1:11434")
                            .arg(text.trimmed()));
        return std::nullopt;
    }
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    url.setPath(path);
    return url;
}

std::optional<BackendConfig> BackendFactory::configFor(const BackendSettings& settings,
                                                       QString* error)
{
    if (!backendNames().contains(settings.backend)) {
        setError(error, QStringLiteral("the backend '%1' is unknown; use one of: %2")
                            .arg(settings.backend, backendNames().join(QStringLiteral(", "))));
        return std::nullopt;
    }
    BackendConfig config;
    config.model = settings.effectiveModel();
    config.concurrency = settings.concurrency;
    config.apiKeyEnv = settings.apiKeyEnv.trimmed();
    if (settings.backend == QLatin1String("stand-in"))
        return config;

    if (config.model.trimmed().isEmpty()) {
        setError(error, QStringLiteral("the %1 backend needs a model tag").arg(settings.backend));
        return std::nullopt;
    }
    if (!config.apiKeyEnv.isEmpty() && !ApiKey::isVariableName(config.apiKeyEnv)) {
        setError(error, QStringLiteral("api_key_env must be the NAME of an environment variable "
                                       "(like OPENAI_API_KEY) that holds the key, never the key "
                                       "itself"));
        return std::nullopt;
    }
    if (settings.concurrency < 1) {
        setError(error, QStringLiteral("concurrency must be at least 1"));
        return std::nullopt;
    }
    QStringList written = settings.endpoints;
    if (written.isEmpty()) {
        if (settings.backend == QLatin1String("openai")) {
            setError(error, QStringLiteral("the openai backend needs an endpoint, e.g. "
                                           "http://127.0.0.1:8080/v1 for a llama.cpp server"));
            return std::nullopt;
        }
        written.append(QString::fromLatin1(OllamaBackend::kDefaultEndpoint));
    }
    for (const QString& text : written) {
        const std::optional<QUrl> url = parseEndpoint(text, error);
        if (!url)
            return std::nullopt;
        config.endpoints.append(*url);
    }
    return config;
}

std::unique_ptr<ModelBackend> BackendFactory::create(const BackendSettings& settings,
                                                     QString* error, const KeptModel& kept)
{
    std::optional<BackendConfig> config = configFor(settings, error);
    if (!config)
        return nullptr;
    config->expectedDigest = kept.digest;
    if (!kept.role.isEmpty())
        config->modelRole = kept.role;
    if (!kept.storedWork.isEmpty())
        config->storedWork = kept.storedWork;
    return create(settings.backend, *config, error);
}

std::unique_ptr<ModelBackend> BackendFactory::create(const QString& backend,
                                                     const BackendConfig& config, QString* error)
{
    if (backend == QLatin1String("stand-in"))
        return std::make_unique<StandInBackend>();
    if (backend != QLatin1String("ollama") && backend != QLatin1String("openai")) {
        setError(error, QStringLiteral("the backend '%1' is unknown; use one of: %2")
                            .arg(backend, backendNames().join(QStringLiteral(", "))));
        return nullptr;
    }
    if (config.endpoints.isEmpty()) {
        setError(error, QStringLiteral("the %1 backend needs at least one endpoint").arg(backend));
        return nullptr;
    }
    if (backend == QLatin1String("ollama"))
        return std::make_unique<OllamaBackend>(config);
    return std::make_unique<OpenAiBackend>(config);
}

} // namespace pb

#include "BackendTesting.h"

#include "FakeModelServer.h"
#include "backends/OllamaBackend.h"
#include "backends/OpenAiBackend.h"

namespace pb::test {

BackendConfig fastBackendConfig(const QList<QUrl>& endpoints, const QString& model, int concurrency)
{
    BackendConfig config;
    config.model = model;
    config.endpoints = endpoints;
    config.concurrency = concurrency;
    config.retryBaseDelayMs = 5;
    config.maxRetryDelayMs = 50;
    return config;
}

QString callKeyOf(const CallRequest& request)
{
    return FakeModelServer::callKey(request.model, request.seed, request.messages);
}

std::unique_ptr<ModelBackend> makeHttpBackend(const QString& protocol, const BackendConfig& config)
{
    if (protocol == QLatin1String("ollama"))
        return std::make_unique<OllamaBackend>(config);
    return std::make_unique<OpenAiBackend>(config);
}

QUrl urlFor(const QString& protocol, const FakeModelServer& server)
{
    return protocol == QLatin1String("ollama") ? server.ollamaUrl() : server.openAiUrl();
}

} // namespace pb::test

#include "BackendTesting.h"

#include "FakeModelServer.h"

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

} // namespace pb::test

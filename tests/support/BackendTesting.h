#pragma once

#include "backends/BackendConfig.h"
#include "backends/ModelBackend.h"
#include "run/CallRequest.h"

#include <QList>
#include <QString>
#include <QUrl>
#include <memory>

namespace pb::test {

class FakeModelServer;

// A backend configuration for tests against FakeModelServer: retries after milliseconds, not
// seconds, so a test of three tries stays fast. Tests add what they need on top.
BackendConfig fastBackendConfig(const QList<QUrl>& endpoints, const QString& model,
                                int concurrency = 2);
// The key FakeModelServer files the request under, to ask how often it received it.
QString callKeyOf(const CallRequest& request);
// For tests run once per protocol: "ollama" or "openai".
std::unique_ptr<ModelBackend> makeHttpBackend(const QString& protocol, const BackendConfig& config);
QUrl urlFor(const QString& protocol, const FakeModelServer& server);

} // namespace pb::test

#pragma once

#include "backends/BackendConfig.h"
#include "run/CallRequest.h"

#include <QList>
#include <QString>
#include <QUrl>

namespace pb::test {

// A backend configuration for tests against FakeModelServer: retries after milliseconds, not
// seconds, so a test of three tries stays fast. Tests add what they need on top.
BackendConfig fastBackendConfig(const QList<QUrl>& endpoints, const QString& model,
                                int concurrency = 2);
// The key FakeModelServer files the request under, to ask how often it received it.
QString callKeyOf(const CallRequest& request);

} // namespace pb::test

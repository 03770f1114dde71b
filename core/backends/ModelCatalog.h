#pragma once

#include "backends/ApiKey.h"
#include "backends/BackendConfig.h"
#include "backends/ModelInfo.h"
#include "backends/WireProtocol.h"

#include <QObject>
#include <QUrl>
#include <optional>

class QNetworkAccessManager;

namespace pb {

class BoundedReply;

// Asks one endpoint which models it serves, for `probebench models` and the GUI's model
// picker. Ollama: GET /api/version then GET /api/tags (names, digests, sizes). OpenAI:
// GET {base}/models (names only; the /v1 rule of OpenAiBackend applies). Asynchronous:
// each fetch() ends in exactly one listed() or failed(); a new fetch() abandons the one
// before it. Lives on one thread, where its network access is created on first use.
class ModelCatalog : public QObject
{
    Q_OBJECT
public:
    explicit ModelCatalog(QObject* parent = nullptr);

    // The cap on each reply body (BackendConfig::kDefaultMaxReplyBytes unless set).
    void setMaxReplyBytes(qint64 bytes) { m_maxReplyBytes = bytes; }
    void fetch(WireProtocol protocol, const QUrl& endpoint, const QString& apiKeyEnv = QString(),
               int timeoutMs = 15000);

Q_SIGNALS:
    // serverVersion is Ollama's version, empty for OpenAI-compatible servers.
    void listed(const QList<pb::ModelInfo>& models, const QString& serverVersion);
    // One sentence saying what to do, and the machine-readable kind ("refused", ...).
    void failed(const QString& message, const QString& errorKind);

private:
    // A GET held to the timeout and the reply cap, with redirects refused (BoundedReply).
    BoundedReply* get(const QString& path);
    // The body of an ended reply of the current fetch, or nothing when the reply is stale
    // or failed (a failure has then been reported).
    std::optional<QByteArray> takeBody(quint64 generation, BoundedReply* reply);
    void readOllamaVersion(quint64 generation, BoundedReply* reply);
    void readOllamaTags(quint64 generation, BoundedReply* reply, const QString& version);
    void readOpenAiModels(quint64 generation, BoundedReply* reply);
    void fail(const QString& message, const QString& kind);

    QNetworkAccessManager* m_network = nullptr;
    WireProtocol m_protocol = WireProtocol::Ollama;
    QUrl m_base;
    ApiKey m_apiKey;
    int m_timeoutMs = 15000;
    qint64 m_maxReplyBytes = BackendConfig::kDefaultMaxReplyBytes;
    quint64 m_generation = 0;
};

} // namespace pb

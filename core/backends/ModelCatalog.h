#pragma once

#include "backends/ApiKey.h"
#include "backends/ModelInfo.h"
#include "backends/WireProtocol.h"

#include <QObject>
#include <QUrl>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;

namespace pb {

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

    void fetch(WireProtocol protocol, const QUrl& endpoint, const QString& apiKeyEnv = QString(),
               int timeoutMs = 15000);

Q_SIGNALS:
    // serverVersion is Ollama's version, empty for OpenAI-compatible servers.
    void listed(const QList<pb::ModelInfo>& models, const QString& serverVersion);
    // One sentence saying what to do, and the machine-readable kind ("refused", ...).
    void failed(const QString& message, const QString& errorKind);

private:
    QNetworkReply* get(const QString& path);
    // Reports the failure of a finished reply, if any; true when it is a good 2xx.
    bool succeeded(QNetworkReply* reply, const QByteArray& body);
    // The body of a finished reply of the current fetch, or nothing when the reply is stale
    // or failed (a failure has then been reported). Schedules the reply's deletion.
    std::optional<QByteArray> takeBody(quint64 generation, QNetworkReply* reply);
    void readOllamaVersion(quint64 generation, QNetworkReply* reply);
    void readOllamaTags(quint64 generation, QNetworkReply* reply, const QString& version);
    void readOpenAiModels(quint64 generation, QNetworkReply* reply);
    void fail(const QString& message, const QString& kind);

    QNetworkAccessManager* m_network = nullptr;
    WireProtocol m_protocol = WireProtocol::Ollama;
    QUrl m_base;
    ApiKey m_apiKey;
    int m_timeoutMs = 15000;
    quint64 m_generation = 0;
};

} // namespace pb

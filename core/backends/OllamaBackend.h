#pragma once

#include "backends/HttpModelBackend.h"
#include "backends/ModelInfo.h"

#include <optional>

namespace pb {

// Calls a model served by Ollama: POST {endpoint}/api/chat, streamed (NDJSON, with
// partialReply() as text arrives) or not. Before an endpoint's first call it reads
// GET /api/version, GET /api/tags (is the model pulled, and its digest) and
// POST /api/show (family, size, quantization); a model that is not pulled stops the run,
// and so does a 404 on /api/chat once /api/tags, read again then, no longer lists it.
// The digest is read again every digestRecheckCalls calls or digestRecheckMs per endpoint
// and once the backend falls idle; a digest that differs from the first one seen (or from
// BackendConfig::expectedDigest) stops the run with errorKind "model-changed".
class OllamaBackend : public HttpModelBackend
{
    Q_OBJECT
public:
    static constexpr const char* kDefaultEndpoint = "http://127.0.0.1:11434";

    explicit OllamaBackend(const BackendConfig& config, QObject* parent = nullptr);

    QString name() const override;

    // The models in an /api/tags body, or nothing when the body is not that.
    static std::optional<QList<ModelInfo>> parseTags(const QByteArray& body);
    // The listed model a probe's tag means: exact, or "name" for "name:latest".
    static std::optional<ModelInfo> findModel(const QList<ModelInfo>& models,
                                              const QString& wanted);
    // The JSON body of one chat call.
    static QByteArray chatBodyFor(const CallRequest& request);
    // The JSON body of one embedding call: the model and the one input.
    static QByteArray embedBodyFor(const CallRequest& request);

protected:
    WireProtocol protocol() const override { return WireProtocol::Ollama; }
    QString chatPath() const override;
    QByteArray chatBody(const CallRequest& request) const override;
    QString embedPath() const override;
    QByteArray embedBody(const CallRequest& request) const override;
    std::unique_ptr<ReplyReader> replyReader(const CallRequest& request) const override;
    void prepareEndpoint(int endpoint) override;
    void completeResult(int endpoint, CallResult& result) const override;
    QString modelListPath() const override;
    std::optional<QList<ModelInfo>> parseModelList(const QByteArray& body) const override;
    bool listsModel(const QList<ModelInfo>& models) const override;
    HttpFailure modelMissing(int endpoint, const QList<ModelInfo>& models) const override;
    void callSucceeded(int endpoint) override;
    void becameIdle() override;

private:
    struct EndpointFacts
    {
        QString version;
        QString digest;
        QJsonObject modelDetails;
        int callsSinceCheck = 0;
        qint64 lastCheckMs = 0;
        bool checking = false;
    };

    void readVersion(int endpoint, BoundedReply* reply);
    void readTags(int endpoint, BoundedReply* reply);
    void readShow(int endpoint, BoundedReply* reply);
    void recheckDigest(int endpoint);
    void readRecheck(int endpoint, BoundedReply* reply);
    // Records the digest an endpoint reports; false when it stopped the run.
    bool acceptDigest(int endpoint, const QString& digest);
    QString shownUrl(int endpoint) const;

    QList<EndpointFacts> m_facts;
    QString m_runDigest; // the digest every call of this run must come from
};

} // namespace pb

#pragma once

#include "backends/HttpModelBackend.h"
#include "backends/ModelInfo.h"

#include <optional>

namespace pb {

// Calls a model behind an OpenAI-compatible API (llama.cpp server, vLLM, LM Studio,
// Ollama's /v1, hosted services): POST {base}/chat/completions, never streamed. The base
// is the URL up to and including /v1; a base with no path at all ("http://host:8080")
// gets /v1 appended, any other path is used exactly as given (some services put the API
// elsewhere). The API key is read from the environment variable named in the config at
// each call and sent as "Authorization: Bearer"; it never appears in a CallRequest, a
// CallResult, a log line or an error message. Servers report no digest: modelDigest stays
// empty and details carry system_fingerprint where the server gives one.
class OpenAiBackend : public HttpModelBackend
{
    Q_OBJECT
public:
    explicit OpenAiBackend(const BackendConfig& config, QObject* parent = nullptr);

    QString name() const override;

    // The base URL calls are made under (see the class comment for the /v1 rule).
    static QUrl apiBase(const QUrl& endpoint);
    // The models in a GET {base}/models body, or nothing when the body is not that.
    static std::optional<QList<ModelInfo>> parseModels(const QByteArray& body);
    static QByteArray chatBodyFor(const CallRequest& request);
    // The JSON body of one embedding call: the model and the one input.
    static QByteArray embedBodyFor(const CallRequest& request);

protected:
    WireProtocol protocol() const override { return WireProtocol::OpenAi; }
    QString chatPath() const override;
    QByteArray chatBody(const CallRequest& request) const override;
    QString embedPath() const override;
    QByteArray embedBody(const CallRequest& request) const override;
    std::unique_ptr<ReplyReader> replyReader(const CallRequest& request) const override;
    QString modelListPath() const override;
    std::optional<QList<ModelInfo>> parseModelList(const QByteArray& body) const override;

private:
    static BackendConfig withApiBases(BackendConfig config);
};

} // namespace pb

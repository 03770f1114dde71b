#pragma once

#include "backends/ReplyReader.h"
#include "backends/WireProtocol.h"

#include <QJsonArray>
#include <QJsonValue>
#include <optional>

namespace pb {

// Reads the reply to one embedding request, of one input:
//   Ollama  POST /api/embed      {"model", "embeddings": [[...]], "prompt_eval_count", ...}
//   OpenAI  POST /v1/embeddings  {"model", "data": [{"embedding": [...], "index": 0}],
//                                 "usage": {"prompt_tokens", ...}}
// into result.details["embedding"] (the vector, a JSON array of numbers), with
// details["embedding_dims"], the model that answered and the input token count where the
// server gave one. A body that is not that protocol is "wrong protocol"; one whose vector is
// not exactly one list of 1 to EmbeddingMetric::kMaxDimensions finite numbers, not all zero
// (a zero vector has no direction to compare), is "malformed"; neither is ever patched up.
// An {"error": ...} body (llama.cpp's 400 without --embeddings comes as an HTTP status, read
// before this) is the server's error.
class EmbeddingReplyReader : public ReplyReader
{
public:
    explicit EmbeddingReplyReader(WireProtocol protocol) : m_protocol(protocol) {}

    bool feed(const QByteArray& bytes) override;
    QString textSoFar() const override { return QString(); }
    std::optional<HttpFailure> finish(CallResult& result,
                                      const HttpFailure::Context& context) override;

    // What is wrong with a vector as JSON (empty: nothing), naming it by path.
    static QString vectorProblem(const QJsonValue& vector, const QString& path);

private:
    WireProtocol m_protocol;
    QByteArray m_buffer;
};

} // namespace pb

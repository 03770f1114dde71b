#pragma once

#include "backends/ReplyReader.h"

namespace pb {

// Reads an OpenAI-style /chat/completions reply (not streamed): choices[0].message.content,
// the model that answered, finish_reason, token usage and system_fingerprint, each only in
// its documented JSON type (ReplyFacts); a content that is neither text nor null fails the
// reply as "malformed".
class OpenAiReplyReader : public ReplyReader
{
public:
    bool feed(const QByteArray& bytes) override;
    QString textSoFar() const override { return QString(); }
    std::optional<HttpFailure> finish(CallResult& result,
                                      const HttpFailure::Context& context) override;

private:
    QByteArray m_buffer;
};

} // namespace pb

#pragma once

#include "backends/ReplyReader.h"

namespace pb {

// Reads an OpenAI-style /chat/completions reply (not streamed): choices[0].message.content,
// the model that answered, finish_reason, token usage and system_fingerprint, each only in
// its documented JSON type (ReplyFacts); a content that is neither text nor null fails the
// reply as "malformed". Log probabilities (choices[0].logprobs.content), when the server sent
// them, go through TokenLogprobs into details["logprobs"]; ones it refuses are named in
// details["logprobs_problem"] without failing the reply.
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

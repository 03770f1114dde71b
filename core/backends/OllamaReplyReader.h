#pragma once

#include "backends/ReplyReader.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <optional>

namespace pb {

class ReplyFacts;

// Reads Ollama's /api/chat reply: one JSON object, or with stream=true one JSON object
// per line (NDJSON) whose message.content pieces add up to the reply, ending with the
// line that says "done": true. Lines may arrive split across any number of reads.
// A reply is whole only with "done" the boolean true and its text a string; anything else
// fails it as "malformed", naming the field. The counts and durations are kept only as
// non-negative integers (ReplyFacts). The top-level "logprobs" of the reply (of every streamed
// line, in order) go through TokenLogprobs into details["logprobs"], or details
// ["logprobs_problem"] when refused, without failing the reply.
class OllamaReplyReader : public ReplyReader
{
public:
    explicit OllamaReplyReader(bool streamed);

    bool feed(const QByteArray& bytes) override;
    QString textSoFar() const override { return m_text; }
    std::optional<HttpFailure> finish(CallResult& result,
                                      const HttpFailure::Context& context) override;

    // The fields of Ollama's final object that go into CallResult::details, with those of
    // a wrong type flagged in facts.
    static QJsonObject detailsOf(const QJsonObject& final, ReplyFacts& facts);

private:
    bool readLine(const QByteArray& line);
    void keepLogprobs(const QJsonValue& entries);

    bool m_streamed;
    QByteArray m_buffer;
    QString m_text;
    QJsonObject m_final;
    QJsonArray m_logprobs; // the first entries of "logprobs", over all streamed lines
    std::optional<QJsonValue> m_logprobsNotList;
    bool m_done = false;
    QString m_badLine;     // the first line that was not JSON
    QString m_serverError; // an {"error": ...} line
    QString m_malformed;   // what was wrong with the first line of the right shape but wrong types
};

} // namespace pb

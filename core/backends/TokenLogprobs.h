#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace pb {

// The per-token log probabilities a chat reply carries when they were asked for: Ollama's
// top-level "logprobs" (0.12.11 and later) and OpenAI's choices[0].logprobs.content have the
// same entries, {"token", "logprob", "top_logprobs": [{"token", "logprob"}, ...]} (with
// "bytes" and "id" beside them, which are not kept).
//
// Only the first kKeptTokens entries are kept (a choice is read from the first token that is
// not blank, and an answer that starts later than that is not a one-token answer), and each
// must be whole: a token is text of at most kMaxTokenChars characters, a logprob a number of
// at most 0 (a rounding residue up to 1e-6 is taken as 0), and a token lists at most
// kMaxAlternatives alternatives. Anything else is refused whole, with the reason, rather than
// half read: a server that sends it is not giving log probabilities.
class TokenLogprobs
{
public:
    static constexpr int kKeptTokens = 8;
    static constexpr int kMaxTokenChars = 256;
    static constexpr int kMaxAlternatives = 20;

    // The kept entries, normalised to {"token", "logprob", "top_logprobs"}; an empty array
    // when the value is absent or null (the server gave none). On a refusal, an empty array
    // and *problem naming the entry ("logprobs[0].top_logprobs[2].logprob is a string").
    static QJsonArray read(const QJsonValue& entries, const QString& path, QString* problem);
    // read() into a call's details: the kept entries under "logprobs", or the refusal under
    // "logprobs_problem"; nothing when the server gave none.
    static void addTo(QJsonObject* details, const QJsonValue& entries, const QString& path);
};

} // namespace pb

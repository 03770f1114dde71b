#pragma once

#include <QJsonObject>
#include <QtGlobal>
#include <optional>

namespace pb {

// The input (prompt) and output (reply) tokens a server said one call used. Each side is
// absent when the server did not report it, or reported something that cannot be a count
// (negative, fractional, text, or above kMostPerCall); an absent count is never taken as 0.
// The stand-in backends report none: they tokenise nothing, so any figure would be made up.
struct TokenCount
{
    // Far above any model's context window (a few million tokens at most), and low enough
    // that sums over millions of calls stay exact: a larger figure is junk, not a count.
    static constexpr qint64 kMostPerCall = 100'000'000;

    std::optional<qint64> input;
    std::optional<qint64> output;

    bool known() const { return input.has_value() && output.has_value(); }
    // Both sides summed; a side unknown in either is unknown in the sum (a re-ask whose
    // earlier reply reported nothing leaves the call's total unknown, never an undercount).
    TokenCount plus(const TokenCount& other) const;

    // From a reply's server facts (CallResult::details): Ollama's prompt_eval_count and
    // eval_count, or OpenAI's usage.prompt_tokens and usage.completion_tokens, which the
    // reply readers keep under those names.
    static TokenCount fromFacts(const QJsonObject& details);
    // A count as the store or a file holds it; nullopt unless 0 <= value <= kMostPerCall.
    static std::optional<qint64> checked(qint64 value);

    bool operator==(const TokenCount&) const = default;
};

} // namespace pb

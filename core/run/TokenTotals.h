#pragma once

#include "run/TokenCount.h"

#include <optional>

namespace pb {

// What a hosted model charges, per million tokens, in whatever currency the user priced it
// in. Given per model in its settings (price_per_million_input, price_per_million_output),
// both or neither, never assumed.
struct TokenPrices
{
    // Above any model's list price by far; a larger figure is a typo (per token, not per
    // million). The settings reader and the window's price fields both refuse it.
    static constexpr double kMostPerMillion = 100000.0;

    double perMillionInput = 0.0;
    double perMillionOutput = 0.0;

    bool operator==(const TokenPrices&) const = default;
};

// The cost of a run's counted tokens at given prices, split into input and output.
struct TokenCost
{
    TokenPrices prices;
    double input = 0.0;
    double output = 0.0;

    double total() const { return input + output; }
    // input / total, nullopt when nothing was spent.
    std::optional<double> inputShare() const;
};

// The token counts of a run's calls summed: every recorded call is counted in `calls`, and
// each side's total is over the calls whose server reported that side. Calls the server
// reported nothing for are not guessed at: they are `calls - callsCounted`, and a cost over
// these totals leaves them out (the report says so).
struct TokenTotals
{
    qint64 calls = 0;
    qint64 callsCounted = 0; // both sides known
    qint64 callsWithInput = 0;
    qint64 callsWithOutput = 0;
    qint64 input = 0;
    qint64 output = 0;

    void add(const TokenCount& call);
    TokenTotals plus(const TokenTotals& other) const;
    qint64 uncounted() const { return calls - callsCounted; }
    // Per call over the calls that reported that side; nullopt when none did.
    std::optional<double> inputPerCall() const;
    std::optional<double> outputPerCall() const;
    TokenCost cost(const TokenPrices& prices) const;

    bool operator==(const TokenTotals&) const = default;
};

} // namespace pb

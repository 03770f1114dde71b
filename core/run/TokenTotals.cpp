#include "run/TokenTotals.h"

namespace pb {

namespace {

std::optional<double> perCall(qint64 tokens, qint64 calls)
{
    if (calls == 0)
        return std::nullopt;
    return double(tokens) / double(calls);
}

} // namespace

std::optional<double> TokenCost::inputShare() const
{
    if (!(total() > 0.0))
        return std::nullopt;
    return input / total();
}

void TokenTotals::add(const TokenCount& call)
{
    ++calls;
    if (call.known())
        ++callsCounted;
    if (call.input) {
        ++callsWithInput;
        input += *call.input;
    }
    if (call.output) {
        ++callsWithOutput;
        output += *call.output;
    }
}

TokenTotals TokenTotals::plus(const TokenTotals& other) const
{
    return {calls + other.calls,
            callsCounted + other.callsCounted,
            callsWithInput + other.callsWithInput,
            callsWithOutput + other.callsWithOutput,
            input + other.input,
            output + other.output};
}

std::optional<double> TokenTotals::inputPerCall() const
{
    return perCall(input, callsWithInput);
}

std::optional<double> TokenTotals::outputPerCall() const
{
    return perCall(output, callsWithOutput);
}

TokenCost TokenTotals::cost(const TokenPrices& prices) const
{
    return {prices, double(input) * prices.perMillionInput / 1e6,
            double(output) * prices.perMillionOutput / 1e6};
}

} // namespace pb

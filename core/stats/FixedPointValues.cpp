#include "stats/FixedPointValues.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <cstdint>

namespace pb {

namespace {

struct Dyadic
{
    std::int64_t significand = 0; // odd, or zero
    int exponent2 = 0;
};

Dyadic decompose(double value)
{
    if (value == 0.0)
        return {};
    int exponent = 0;
    const double fraction = std::frexp(value, &exponent); // value = fraction * 2^exponent
    // |fraction| in [0.5, 1) carries at most 53 significant bits, so this is an integer.
    auto significand = static_cast<std::int64_t>(std::ldexp(fraction, 53));
    int exponent2 = exponent - 53;
    const int zeros = std::countr_zero(static_cast<std::uint64_t>(significand));
    significand >>= zeros; // arithmetic shift keeps the sign; the low bits are zero
    exponent2 += zeros;
    return {significand, exponent2};
}

} // namespace

FixedPointValues FixedPointValues::from(std::span<const double> values)
{
    std::vector<Dyadic> parts;
    parts.reserve(values.size());
    int lowest = INT_MAX;
    for (double value : values) {
        parts.push_back(decompose(value));
        if (parts.back().significand != 0)
            lowest = std::min(lowest, parts.back().exponent2);
    }
    FixedPointValues result;
    result.exponent2 = lowest == INT_MAX ? 0 : lowest;
    result.integers.reserve(parts.size());
    for (const Dyadic& part : parts) {
        BigInt integer = part.significand;
        if (part.significand != 0)
            integer <<= part.exponent2 - result.exponent2;
        result.integers.push_back(std::move(integer));
    }
    return result;
}

int FixedPointValues::maxBitLength() const
{
    int bits = 0;
    for (const BigInt& integer : integers)
        bits = std::max(bits, WideInteger::bitLength(integer));
    return bits;
}

} // namespace pb

#include "stats/DecimalValues.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstdlib>
#include <string_view>

namespace pb {

namespace {

struct Decimal
{
    BigInt significand; // zero, or with no trailing zero digit
    int exponent10 = 0;
};

// std::to_chars without a format gives the shortest text that reads back as the value,
// as "-0.0625", "12", "1e+300" or "1.5e-07".
Decimal shortestDecimal(double value)
{
    char buffer[64];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    const std::string_view text(buffer, static_cast<std::size_t>(end - buffer));
    const std::size_t e = text.find('e');
    const std::string_view mantissa = text.substr(0, e);
    int exponent = e == std::string_view::npos ? 0 : std::atoi(text.data() + e + 1);
    BigInt digits = 0;
    bool seenPoint = false;
    for (char c : mantissa) {
        if (c == '.') {
            seenPoint = true;
        } else if (c >= '0' && c <= '9') {
            digits = digits * 10 + (c - '0');
            exponent -= seenPoint ? 1 : 0;
        }
    }
    if (digits == 0)
        return {};
    while (digits % 10 == 0) {
        digits /= 10;
        ++exponent;
    }
    return {mantissa.front() == '-' ? BigInt(-digits) : digits, exponent};
}

BigInt powerOfTen(int exponent)
{
    BigInt result = 1;
    BigInt base = 10;
    for (; exponent > 0; exponent >>= 1) {
        if (exponent & 1)
            result *= base;
        base *= base;
    }
    return result;
}

} // namespace

DecimalValues DecimalValues::from(std::span<const double> values)
{
    std::vector<Decimal> parts;
    parts.reserve(values.size());
    int lowest = INT_MAX;
    for (double value : values) {
        parts.push_back(shortestDecimal(value));
        if (parts.back().significand != 0)
            lowest = std::min(lowest, parts.back().exponent10);
    }
    DecimalValues result;
    result.exponent10 = lowest == INT_MAX ? 0 : lowest;
    result.integers.reserve(parts.size());
    for (Decimal& part : parts) {
        if (part.significand != 0)
            part.significand *= powerOfTen(part.exponent10 - result.exponent10);
        result.integers.push_back(std::move(part.significand));
    }
    return result;
}

int DecimalValues::meanDifferenceSign(std::span<const double> a, std::span<const double> b)
{
    std::vector<double> both(a.begin(), a.end());
    both.insert(both.end(), b.begin(), b.end());
    const DecimalValues fixed = from(both);
    BigInt sumA = 0;
    BigInt sumB = 0;
    for (std::size_t i = 0; i < both.size(); ++i)
        (i < a.size() ? sumA : sumB) += fixed.integers[i];
    // mean(a) - mean(b) has the sign of sumA * |b| - sumB * |a|.
    const BigInt difference = sumA * BigInt(b.size()) - sumB * BigInt(a.size());
    return difference > 0 ? 1 : (difference < 0 ? -1 : 0);
}

} // namespace pb

#include "stats/CorrectRounding.h"

#include <cmath>

namespace pb {

namespace {

constexpr int kSignificandBits = 53;
constexpr int kMinimumExponent = -1074; // weight of the last bit of the smallest subnormal
// Bits the truncated quotient carries: 53 kept, one guard bit, one more for safety.
constexpr int kWorkingBits = 56;

int highestBit(const BigInt& positive)
{
    return static_cast<int>(boost::multiprecision::msb(positive));
}

} // namespace

double CorrectRounding::quotient(const BigInt& numerator, const BigInt& denominator, int exponent2)
{
    if (numerator == 0)
        return 0.0;
    const bool negative = numerator < 0;
    const BigInt magnitude = abs(numerator);
    // Scale so that the integer part of the quotient has kWorkingBits or kWorkingBits + 1 bits.
    const int shift = kWorkingBits - (highestBit(magnitude) - highestBit(denominator));
    BigInt scaledNumerator = magnitude;
    BigInt scaledDenominator = denominator;
    if (shift >= 0)
        scaledNumerator <<= shift;
    else
        scaledDenominator <<= -shift;
    BigInt truncated;
    BigInt remainder;
    boost::multiprecision::divide_qr(scaledNumerator, scaledDenominator, truncated, remainder);
    const double rounded = roundTruncated(truncated, remainder != 0, exponent2 - shift);
    return negative ? -rounded : rounded;
}

double CorrectRounding::integer(const BigInt& value, int exponent2)
{
    return quotient(value, BigInt(1), exponent2);
}

double CorrectRounding::squareRootOfQuotient(const BigInt& numerator, const BigInt& denominator,
                                             int exponent2)
{
    if (numerator <= 0)
        return 0.0;
    // sqrt(n / d) = 2^-k * sqrt(n * 4^k / d), and floor(sqrt(floor(y))) == floor(sqrt(y)),
    // so one integer square root of the truncated scaled quotient gives the leading bits.
    const int wanted = 2 * kWorkingBits + 1 + highestBit(denominator) - highestBit(numerator);
    const int k = wanted >= 0 ? (wanted + 1) / 2 : -((-wanted) / 2);
    BigInt scaledNumerator = numerator;
    BigInt scaledDenominator = denominator;
    if (k >= 0)
        scaledNumerator <<= 2 * k;
    else
        scaledDenominator <<= -2 * k;
    BigInt floorQuotient;
    BigInt remainder;
    boost::multiprecision::divide_qr(scaledNumerator, scaledDenominator, floorQuotient, remainder);
    BigInt rootRemainder;
    const BigInt root = boost::multiprecision::sqrt(floorQuotient, rootRemainder);
    return roundTruncated(root, remainder != 0 || rootRemainder != 0, exponent2 - k);
}

double CorrectRounding::roundTruncated(const BigInt& truncated, bool inexact, int exponent2)
{
    const int length = highestBit(truncated) + 1;
    // Keep 53 bits, or fewer when the result is subnormal.
    const int drop = std::max(length - kSignificandBits, kMinimumExponent - exponent2);
    if (drop > length)
        return 0.0; // below half the smallest subnormal
    BigInt kept = truncated >> drop;
    if (drop > 0) {
        const BigInt dropped = truncated - (kept << drop);
        const BigInt half = BigInt(1) << (drop - 1);
        const bool odd = bit_test(kept, 0);
        if (dropped > half || (dropped == half && (inexact || odd)))
            ++kept;
    }
    // kept <= 2^53, so the conversion and the scaling by a power of two are exact (or
    // overflow to infinity, which is the correctly rounded answer there).
    return std::ldexp(static_cast<double>(static_cast<std::uint64_t>(kept)), exponent2 + drop);
}

} // namespace pb

#include "stats/WideInteger.h"

namespace pb {

int WideInteger::bitLength(const BigInt& value)
{
    if (value == 0)
        return 0;
    return static_cast<int>(boost::multiprecision::msb(abs(value))) + 1;
}

template <> std::int64_t WideInteger::narrow<std::int64_t>(const BigInt& value)
{
    return static_cast<std::int64_t>(value);
}

template <> Int128 WideInteger::narrow<Int128>(const BigInt& value)
{
    const BigInt magnitude = abs(value);
    const auto low = static_cast<std::uint64_t>(magnitude & BigInt(UINT64_MAX));
    const auto high = static_cast<std::uint64_t>(magnitude >> 64);
    const auto result = static_cast<Int128>((static_cast<UInt128>(high) << 64) | low);
    return value < 0 ? -result : result;
}

template <> BigInt WideInteger::narrow<BigInt>(const BigInt& value)
{
    return value;
}

QString WideInteger::decimal(const BigInt& value)
{
    constexpr std::uint64_t kChunk = 1000000000000000000ULL; // 10^18 fits in 64 bits
    BigInt rest = abs(value);
    QString digits;
    do {
        BigInt quotient;
        BigInt remainder;
        boost::multiprecision::divide_qr(rest, BigInt(kChunk), quotient, remainder);
        const QString chunk = QString::number(static_cast<std::uint64_t>(remainder));
        rest = quotient;
        digits.prepend(rest == 0 ? chunk : chunk.rightJustified(18, QLatin1Char('0')));
    } while (rest != 0);
    return value < 0 ? QLatin1Char('-') + digits : digits;
}

BigInt WideInteger::widen(Int128 value)
{
    const bool negative = value < 0;
    const UInt128 magnitude = negative ? static_cast<UInt128>(0) - static_cast<UInt128>(value)
                                       : static_cast<UInt128>(value);
    BigInt result = BigInt(static_cast<std::uint64_t>(magnitude >> 64)) << 64;
    result += static_cast<std::uint64_t>(magnitude);
    return negative ? BigInt(-result) : result;
}

} // namespace pb

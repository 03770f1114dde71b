#pragma once

#include <QString>
#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>

namespace pb {

// Arbitrary-precision integer used wherever a sum or a count must be exact.
using BigInt = boost::multiprecision::cpp_int;

// GCC/Clang's native 128-bit integers: most fixed-point gap sums need 60-100 bits and
// native arithmetic is several times faster than a multiprecision type.
__extension__ using Int128 = __int128;
__extension__ using UInt128 = unsigned __int128;

// Conversions between BigInt and the integer types the counting code is instantiated
// with (std::int64_t, Int128, BigInt). narrow() requires that the value fits; callers
// choose the type from bitLength() first.
class WideInteger
{
public:
    // Number of bits of |value|; 0 for zero.
    static int bitLength(const BigInt& value);

    template <class Integer> static Integer narrow(const BigInt& value);

    static BigInt widen(std::int64_t value) { return BigInt(value); }
    static BigInt widen(Int128 value);
    static BigInt widen(const BigInt& value) { return value; }

    // Decimal digits. (cpp_int::str() trips a GCC 12 -Wrestrict false positive at -O3.)
    static QString decimal(const BigInt& value);

    static double toDouble(std::int64_t value) { return static_cast<double>(value); }
    static double toDouble(Int128 value) { return static_cast<double>(value); }
    static double toDouble(const BigInt& value) { return static_cast<double>(value); }
};

template <> std::int64_t WideInteger::narrow<std::int64_t>(const BigInt& value);
template <> Int128 WideInteger::narrow<Int128>(const BigInt& value);
template <> BigInt WideInteger::narrow<BigInt>(const BigInt& value);

} // namespace pb

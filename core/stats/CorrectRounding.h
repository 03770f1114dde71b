#pragma once

#include "stats/WideInteger.h"

namespace pb {

// Exact integers and ratios rounded once to the nearest double, ties to even: the result
// CPython gives for int / int, float(Fraction) and statistics' square root of a fraction.
// Values beyond the double range give +-infinity; values below half the smallest subnormal
// give zero.
class CorrectRounding
{
public:
    // (numerator / denominator) * 2^exponent2; denominator must be positive.
    static double quotient(const BigInt& numerator, const BigInt& denominator, int exponent2 = 0);
    // value * 2^exponent2.
    static double integer(const BigInt& value, int exponent2 = 0);
    // sqrt(numerator / denominator) * 2^exponent2; numerator >= 0, denominator > 0.
    static double squareRootOfQuotient(const BigInt& numerator, const BigInt& denominator,
                                       int exponent2 = 0);

private:
    // (truncated + f) * 2^exponent2 with 0 <= f < 1 and inexact == (f > 0); truncated must
    // carry at least 55 bits so that the guard bit and the sticky bit are both known.
    static double roundTruncated(const BigInt& truncated, bool inexact, int exponent2);
};

} // namespace pb

#pragma once

#include "stats/WideInteger.h"

#include <span>
#include <vector>

namespace pb {

// Finite doubles read back as the decimals they were written as: each value is taken to be
// the shortest decimal that converts to it (what a metric or a spreadsheet cell held, for up
// to 15 significant digits), and all are written as integers times one shared power of ten:
// value[i] == integers[i] * 10^exponent10, exactly. Metric values come from text, so this is
// the arithmetic in which 0.1 + 0.7 equals 2 * 0.4; the doubles' own (FixedPointValues) does
// not agree.
struct DecimalValues
{
    std::vector<BigInt> integers;
    int exponent10 = 0;

    // Every value must be finite. The exponent is the largest that represents all of them.
    static DecimalValues from(std::span<const double> values);

    // The sign (-1, 0, +1) of mean(a) - mean(b) over the written decimals, exactly. Both
    // lists must be non-empty and finite.
    static int meanDifferenceSign(std::span<const double> a, std::span<const double> b);
};

} // namespace pb

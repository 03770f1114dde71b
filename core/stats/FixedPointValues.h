#pragma once

#include "stats/WideInteger.h"

#include <span>
#include <vector>

namespace pb {

// Finite doubles written exactly as integers times one shared power of two, so that sums
// and differences of them are exact integer arithmetic: value[i] == integers[i] * 2^exponent2.
struct FixedPointValues
{
    std::vector<BigInt> integers;
    int exponent2 = 0;

    // Every value must be finite. The exponent is the largest that represents all of them.
    static FixedPointValues from(std::span<const double> values);
    // Bits of the largest |integer|; 0 when all are zero.
    int maxBitLength() const;
};

} // namespace pb

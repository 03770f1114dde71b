#pragma once

#include "stats/SignFlipProblem.h"

namespace pb {

// Exact meet-in-the-middle count: the 2^(n/2) sums of each half are built already sorted
// (each new value merges sums - v with sums + v), and the patterns with
// sum_left + sum_right >= x are counted for all left sums in one two-pointer pass.
// Time and memory grow as 2^(n/2): about 10 ms and 50 MB at n = 40.
class SignPatternSplit
{
public:
    static constexpr int kMaxValues = 48;
    // Bins are exact; no atoms (there can be up to 2^n of them). Requires
    // values.size() <= kMaxValues.
    static SignFlipTally count(const SignFlipProblem& problem, int bins);
};

} // namespace pb

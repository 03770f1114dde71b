#pragma once

#include "stats/SignFlipProblem.h"

namespace pb {

// Exact count over the integer grid by dynamic programming: the number of ways each subset
// of the |values| reaches each sum sigma (a sign pattern's sum is total - 2 sigma). Work is
// n * total / 2 additions, independent of 2^n.
//
// Counts go up to 2^n, so they are held in unsigned integers of at least n + 1 bits:
// uint64 up to n = 63, boost's fixed uint256 up to n = 255, cpp_int beyond. None can
// overflow, and every count stays an exact integer (no floating point, no logs).
class SignPatternGrid
{
public:
    // Additions the count needs; infinite when the grid is too large to hold in memory.
    static double work(const SignFlipProblem& problem, bool withDistribution);
    // Requires finite work(). Atoms are returned when there are at most maxAtoms of them.
    static SignFlipTally count(const SignFlipProblem& problem, int bins, int maxAtoms);
};

} // namespace pb

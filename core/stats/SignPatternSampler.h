#pragma once

#include "stats/SignFlipProblem.h"

namespace pb {

// Monte Carlo: draws random sign patterns from std::mt19937_64 (fully specified by the C++
// standard, so a seed gives the same patterns on every platform) and counts the hits with
// the same exact integer rule as the exact methods. The result is an estimate.
class SignPatternSampler
{
public:
    // Bins are filled from the samples (binned in double precision: for the picture only).
    static SignFlipTally count(const SignFlipProblem& problem, quint64 samples, quint64 seed,
                               int bins);
};

} // namespace pb

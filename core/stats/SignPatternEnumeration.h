#pragma once

#include "stats/SignFlipProblem.h"

namespace pb {

// Visits every sign pattern of the nonzero values one by one (Gray-code order, one addition
// per pattern). The plainest exact method; meant for small n and as a cross-check.
class SignPatternEnumeration
{
public:
    static constexpr int kMaxValues = 30;
    // Atoms and bins are filled only up to 20 values. Requires values.size() <= kMaxValues.
    static SignFlipTally count(const SignFlipProblem& problem, int bins);
};

} // namespace pb

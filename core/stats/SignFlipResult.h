#pragma once

#include <QString>
#include <QtGlobal>
#include <vector>

namespace pb {

enum class SignFlipMethod
{
    None,             // nothing was counted (no gaps, or the chosen method could not run)
    ExactEnumeration, // all 2^n patterns visited one by one (small n)
    ExactGrid,        // exact counting over the integer grid of the gaps
    ExactSplit,       // exact meet-in-the-middle over two halves of the gaps
    MonteCarlo        // seeded random patterns: an estimate with a standard error
};

// One value the mean gap takes under random sign flips, with its exact probability.
struct SignFlipAtom
{
    double value = 0.0;
    double probability = 0.0;
    bool inTail = false; // counted as at least as extreme as the observed mean
};

// One histogram bar of the null distribution over [lower, upper).
struct SignFlipBin
{
    double lower = 0.0;
    double upper = 0.0;
    double probability = 0.0;
    double tailProbability = 0.0; // the part of probability that is in the tail
};

// The distribution of the mean gap if the attribute made no difference, for plotting:
// bins always (when requested), exact atoms when there are few enough of them.
struct SignFlipNull
{
    std::vector<SignFlipAtom> atoms; // ascending value; empty when too many or unknown
    std::vector<SignFlipBin> bins;   // equal width, symmetric around zero, ascending
    double observed = 0.0;           // the observed mean gap, signed
    double tailThreshold = 0.0;      // |value| >= tailThreshold is the tail (|observed| - 1e-9)
    bool exact = true;               // false when the bins come from Monte Carlo samples
};

// The two-sided sign-flip permutation p of the tutorial's sign_flip_p: the share of the 2^n
// sign patterns s with |mean(s * gaps)| >= |mean(gaps)| - 1e-9.
struct SignFlipResult
{
    double p = 1.0;
    SignFlipMethod method = SignFlipMethod::None;
    int n = 0;                  // gaps, zero gaps included
    int zeroGaps = 0;           // each doubles both counts and leaves p unchanged
    double observedMean = 0.0;  // Python-exact mean of the gaps
    int patternsLog2 = 0;       // exact methods: 2^patternsLog2 patterns were counted
    quint64 samples = 0;        // Monte Carlo: random patterns drawn
    QString hits;               // decimal count of patterns (or samples) in the tail
    double standardError = 0.0; // 0 when exact
    QString note;               // anything a reader must know about this p
    SignFlipNull null;

    bool isExact() const
    {
        return method != SignFlipMethod::MonteCarlo && method != SignFlipMethod::None;
    }
    // "exact-enumeration", "exact-grid", "exact-split", "monte-carlo" or "none".
    QString methodName() const;
};

} // namespace pb

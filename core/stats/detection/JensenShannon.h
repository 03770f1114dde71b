#pragma once

#include <limits>
#include <numbers>
#include <string>
#include <vector>

namespace pb::detection {

// What to do with a distribution whose mass is not 1.
enum class MassCheck
{
    // Refuse unless the entries sum to 1 within JensenShannon::kSumTolerance. The default,
    // because a distribution that does not sum to 1 usually means the candidate set or the
    // parsing is wrong, and silently rescaling would hide it.
    Refuse,
    // Divide by the sum whatever it is (it must be positive and finite). Only for callers that
    // hold unnormalised mass on purpose (counts, or probabilities over a subset).
    Renormalise
};

struct Divergence
{
    bool valid = false;
    double bits = std::numeric_limits<double>::quiet_NaN(); // in [0, 1] when valid
    std::string refusal; // why there is no divergence, naming the side and entry; empty if valid

    double nats() const { return bits * std::numbers::ln2; }
};

// The Jensen-Shannon divergence between two discrete distributions over the same candidates,
// in bits (log base 2), so it lies in [0, 1]: 0 exactly when p == q, 1 when their supports are
// disjoint, and JS(p, q) == JS(q, p) bit for bit.
//
//   JS(p, q) = 1/2 sum_i p_i log2(2 p_i / (p_i + q_i)) + 1/2 sum_i q_i log2(2 q_i / (p_i + q_i))
//
// Terms with p_i = 0 (or q_i = 0) are 0 (0 log 0 = 0), so zero probabilities are safe; this is
// why the detection core uses JS rather than KL, which is infinite wherever q_i = 0 < p_i.
// Written as 2 p / (p + q) rather than p / m with m = (p + q) / 2 so that no ratio exceeds 2
// even for subnormal entries (halving the smallest subnormal rounds to 0). Before the sum,
// each side is divided by its own total (which Refuse has already checked is 1 within the
// tolerance), and the result is clamped to [0, 1] to remove rounding residue of a few ulps.
//
// Refused, with a message: sides of different lengths, an empty side, an entry that is
// negative, NaN or infinite, and a side whose sum is not 1 within kSumTolerance (MassCheck::
// Refuse) or is not positive (MassCheck::Renormalise).
class JensenShannon
{
public:
    static constexpr double kSumTolerance = 1e-6;

    static Divergence between(const std::vector<double>& p, const std::vector<double>& q,
                              MassCheck check = MassCheck::Refuse);
    // Why `side` (named `sideName` in the message) is not a distribution; empty when it is one.
    static std::string refusalFor(const std::vector<double>& side, const std::string& sideName,
                                  MassCheck check);
};

} // namespace pb::detection

#pragma once

#include <optional>
#include <vector>

namespace pb::detection {

// The cosine distance of two vectors, 1 - u.v / (|u| |v|), in [0, 2]: 0 for the same
// direction, 1 for orthogonal, 2 for opposite. Two exactly equal vectors are exactly 0 (so a
// deterministic backend's repeated reply measures no distance at all, not rounding residue),
// and a result a rounding step outside [0, 2] is clamped into it. Nothing (no guess) for
// vectors of different sizes, empty ones, a zero vector (no direction) or a value that is NaN
// or infinite.
class CosineDistance
{
public:
    static std::optional<double> between(const std::vector<double>& u,
                                         const std::vector<double>& v);
};

} // namespace pb::detection

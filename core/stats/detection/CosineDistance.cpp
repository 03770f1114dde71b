#include "stats/detection/CosineDistance.h"

#include <algorithm>
#include <cmath>

namespace pb::detection {

std::optional<double> CosineDistance::between(const std::vector<double>& u,
                                              const std::vector<double>& v)
{
    if (u.empty() || u.size() != v.size())
        return std::nullopt;
    double dot = 0.0;
    double uu = 0.0;
    double vv = 0.0;
    for (std::size_t i = 0; i < u.size(); ++i) {
        if (!std::isfinite(u[i]) || !std::isfinite(v[i]))
            return std::nullopt;
        dot += u[i] * v[i];
        uu += u[i] * u[i];
        vv += v[i] * v[i];
    }
    if (uu == 0.0 || vv == 0.0 || !std::isfinite(dot) || !std::isfinite(uu) || !std::isfinite(vv))
        return std::nullopt;
    if (u == v)
        return 0.0;
    return std::clamp(1.0 - dot / (std::sqrt(uu) * std::sqrt(vv)), 0.0, 2.0);
}

} // namespace pb::detection

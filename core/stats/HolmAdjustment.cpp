#include "stats/HolmAdjustment.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace pb {

std::vector<double> HolmAdjustment::adjust(const std::vector<double>& p)
{
    std::vector<double> out(p.size(), std::numeric_limits<double>::quiet_NaN());
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (!std::isnan(p[i]))
            order.push_back(i);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&p](std::size_t a, std::size_t b) { return p[a] < p[b]; });
    const double m = double(order.size());
    double running = 0.0;
    for (std::size_t rank = 0; rank < order.size(); ++rank) {
        const double scaled = std::min(1.0, (m - double(rank)) * p[order[rank]]);
        running = std::max(running, scaled);
        out[order[rank]] = running;
    }
    return out;
}

} // namespace pb

#include "stats/groups/ReproducibleShuffle.h"

#include <limits>

namespace pb::groups {

std::uint64_t ReproducibleShuffle::below(std::mt19937_64& engine, std::uint64_t bound)
{
    // 2^64 mod bound draws at the top of the range would favour small values: redraw them.
    const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
    const std::uint64_t surplus = (max % bound + 1) % bound;
    std::uint64_t draw = engine();
    if (surplus != 0) {
        const std::uint64_t firstRejected = max - surplus + 1; // 2^64 - surplus
        while (draw >= firstRejected)
            draw = engine();
    }
    return draw % bound;
}

} // namespace pb::groups

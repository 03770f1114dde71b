#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace pb::groups {

// Uniform draws and Fisher-Yates shuffles from std::mt19937_64 that give the same result for
// a seed on every platform. std::mt19937_64 is fully specified by the C++ standard, but
// std::uniform_int_distribution and std::shuffle are not, so a report's Monte Carlo p would
// otherwise change with the standard library.
class ReproducibleShuffle
{
public:
    // Uniform in [0, bound), bound >= 1, by rejection of the biased top of the 64-bit range.
    static std::uint64_t below(std::mt19937_64& engine, std::uint64_t bound);

    template <typename T> static void shuffle(std::vector<T>& values, std::mt19937_64& engine)
    {
        for (std::size_t i = values.size(); i > 1; --i) {
            const std::size_t j = static_cast<std::size_t>(below(engine, i));
            std::swap(values[i - 1], values[j]);
        }
    }
};

} // namespace pb::groups

#pragma once

#include <boost/math/distributions/normal.hpp>
#include <cstdint>
#include <random>
#include <vector>

// Draws for seeded property and simulation tests. std::mt19937_64 is fully specified by the
// standard, but std::uniform_real_distribution and std::normal_distribution are not, so they
// would change the cases with the standard library; these are written out instead.
namespace pb::test {

// Uniform on [0, 1): the top 53 bits of one draw.
inline double unitUniform(std::mt19937_64& engine)
{
    return double(engine() >> 11) * 0x1.0p-53;
}

// Uniform on (0, 1), so that a quantile function never sees 0 or 1.
inline double openUniform(std::mt19937_64& engine)
{
    return (double(engine() >> 11) + 0.5) * 0x1.0p-53;
}

// Standard normal by inversion through Boost.Math, which is the same code everywhere.
inline double standardNormal(std::mt19937_64& engine)
{
    return boost::math::quantile(boost::math::normal(), openUniform(engine));
}

// A random distribution over `size` candidates; each entry is 0 with chance zeroChance (at least
// one entry is kept positive), the rest uniform weights, divided by their sum.
inline std::vector<double> randomDistribution(std::mt19937_64& engine, std::size_t size,
                                              double zeroChance)
{
    std::vector<double> p(size, 0.0);
    double sum = 0.0;
    for (double& x : p) {
        if (unitUniform(engine) >= zeroChance)
            x = unitUniform(engine);
        sum += x;
    }
    if (sum == 0.0) {
        p[std::size_t(engine() % size)] = 1.0;
        return p;
    }
    for (double& x : p)
        x /= sum;
    return p;
}

} // namespace pb::test

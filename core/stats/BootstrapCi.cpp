#include "stats/BootstrapCi.h"

#include "stats/CorrectRounding.h"
#include "stats/ExactMoments.h"
#include "stats/FixedPointValues.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <span>

namespace pb {

namespace {

// Uniform on [0, n) without modulo bias: reject the 2^64 mod n lowest outputs.
std::uint64_t uniformIndex(std::mt19937_64& generator, std::uint64_t n)
{
    const std::uint64_t rejectBelow = (0 - n) % n;
    std::uint64_t draw = generator();
    while (draw < rejectBelow)
        draw = generator();
    return draw % n;
}

template <class Integer>
std::vector<BigInt> sortedResampleSums(const FixedPointValues& fixed,
                                       const BootstrapOptions& options)
{
    std::vector<Integer> values;
    for (const BigInt& integer : fixed.integers)
        values.push_back(WideInteger::narrow<Integer>(integer));
    const auto n = static_cast<std::uint64_t>(values.size());
    std::mt19937_64 generator(options.seed);
    std::vector<Integer> sums(static_cast<std::size_t>(options.resamples), Integer(0));
    for (Integer& sum : sums) {
        for (std::uint64_t i = 0; i < n; ++i)
            sum += values[uniformIndex(generator, n)];
    }
    // All resample means share the denominator n, so sorting the sums sorts the means.
    std::sort(sums.begin(), sums.end());
    std::vector<BigInt> result;
    result.reserve(sums.size());
    for (const Integer& sum : sums)
        result.push_back(WideInteger::widen(sum));
    return result;
}

double quantile(const std::vector<BigInt>& sortedSums, double q, const FixedPointValues& fixed)
{
    const BigInt n(fixed.integers.size());
    const double position = q * static_cast<double>(sortedSums.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, sortedSums.size() - 1);
    const double fraction = position - static_cast<double>(below);
    const double low = CorrectRounding::quotient(sortedSums[below], n, fixed.exponent2);
    const double high = CorrectRounding::quotient(sortedSums[above], n, fixed.exponent2);
    return fraction == 0.0 ? low : low + fraction * (high - low);
}

} // namespace

BootstrapInterval BootstrapCi::averageGap(const QList<double>& gaps,
                                          const BootstrapOptions& options)
{
    BootstrapInterval interval;
    interval.n = static_cast<int>(gaps.size());
    interval.resamples = options.resamples;
    interval.level = options.level;
    interval.seed = options.seed;
    interval.estimate = ExactMoments::mean(gaps);
    if (gaps.isEmpty()) {
        interval.note = QStringLiteral("no gaps to resample");
        return interval;
    }
    if (!std::isfinite(interval.estimate) ||
        std::any_of(gaps.cbegin(), gaps.cend(), [](double gap) { return !std::isfinite(gap); })) {
        interval.note = QStringLiteral("a gap is not a finite number");
        return interval;
    }
    if (options.resamples < 1 || !(options.level > 0.0 && options.level < 1.0)) {
        interval.note = QStringLiteral("resamples must be positive and the level in (0, 1)");
        return interval;
    }

    const std::span<const double> values(gaps.constData(), static_cast<std::size_t>(gaps.size()));
    const FixedPointValues fixed = FixedPointValues::from(values);
    const int bits = fixed.maxBitLength() + WideInteger::bitLength(BigInt(gaps.size())) + 1;
    std::vector<BigInt> sums;
    if (bits <= 63)
        sums = sortedResampleSums<std::int64_t>(fixed, options);
    else if (bits <= 127)
        sums = sortedResampleSums<Int128>(fixed, options);
    else
        sums = sortedResampleSums<BigInt>(fixed, options);

    const double tail = (1.0 - options.level) / 2.0;
    interval.lower = quantile(sums, tail, fixed);
    interval.upper = quantile(sums, 1.0 - tail, fixed);
    interval.valid = true;
    return interval;
}

} // namespace pb

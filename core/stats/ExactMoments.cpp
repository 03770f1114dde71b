#include "stats/ExactMoments.h"

#include "stats/CorrectRounding.h"
#include "stats/FixedPointValues.h"

#include <cmath>
#include <limits>

namespace pb {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::span<const double> asSpan(const QList<double>& values)
{
    return {values.constData(), static_cast<std::size_t>(values.size())};
}

} // namespace

double ExactMoments::mean(std::span<const double> values)
{
    if (values.empty())
        return kNaN;
    bool positiveInfinity = false;
    bool negativeInfinity = false;
    for (double value : values) {
        if (std::isnan(value))
            return kNaN;
        if (std::isinf(value))
            (value > 0 ? positiveInfinity : negativeInfinity) = true;
    }
    if (positiveInfinity && negativeInfinity)
        return kNaN;
    if (positiveInfinity || negativeInfinity)
        return positiveInfinity ? std::numeric_limits<double>::infinity()
                                : -std::numeric_limits<double>::infinity();

    const FixedPointValues fixed = FixedPointValues::from(values);
    BigInt sum = 0;
    for (const BigInt& integer : fixed.integers)
        sum += integer;
    return CorrectRounding::quotient(sum, BigInt(values.size()), fixed.exponent2);
}

double ExactMoments::mean(const QList<double>& values)
{
    return mean(asSpan(values));
}

double ExactMoments::sampleStandardDeviation(std::span<const double> values)
{
    if (values.size() < 2)
        return kNaN;
    for (double value : values) {
        if (!std::isfinite(value))
            return kNaN;
    }
    // With x_i = X_i * 2^e: variance = 2^(2e) * (n * sum X^2 - (sum X)^2) / (n * (n - 1)).
    const FixedPointValues fixed = FixedPointValues::from(values);
    BigInt sum = 0;
    BigInt sumOfSquares = 0;
    for (const BigInt& integer : fixed.integers) {
        sum += integer;
        sumOfSquares += integer * integer;
    }
    const BigInt n(values.size());
    const BigInt numerator = n * sumOfSquares - sum * sum;
    const BigInt denominator = n * (n - 1);
    return CorrectRounding::squareRootOfQuotient(numerator, denominator, fixed.exponent2);
}

double ExactMoments::sampleStandardDeviation(const QList<double>& values)
{
    return sampleStandardDeviation(asSpan(values));
}

} // namespace pb

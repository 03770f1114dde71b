#pragma once

#include <QList>
#include <span>

namespace pb {

// Mean and sample standard deviation computed the way Python's statistics module does:
// the exact rational result of the finite doubles, rounded once to the nearest double.
// The workbench prints the tutorial's numbers bit for bit because of this; a naive
// left-to-right double sum differs in the last bit for inputs such as 0.1, 0.2, 0.3.
class ExactMoments
{
public:
    // statistics.mean: exact sum / n, rounded once. NaN for an empty list or when a NaN (or
    // both infinities) is present; +-infinity when only that infinity is present.
    static double mean(std::span<const double> values);
    static double mean(const QList<double>& values);

    // statistics.stdev (n - 1 in the denominator): the correctly rounded square root of the
    // exact sample variance. NaN for fewer than two values or any non-finite value.
    static double sampleStandardDeviation(std::span<const double> values);
    static double sampleStandardDeviation(const QList<double>& values);
};

} // namespace pb

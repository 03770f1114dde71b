#pragma once

#include "stats/ExactMoments.h"

#include <QList>
#include <cmath>

namespace pb::test {

// The reference's sign_flip_p written out literally, pattern by pattern, with Python's
// rounding of every mean: the oracle the fast methods must equal.
inline quint64 bruteForceHits(const QList<double>& gaps)
{
    const double threshold = std::fabs(ExactMoments::mean(gaps)) - 1e-9;
    const auto n = static_cast<int>(gaps.size());
    quint64 hits = 0;
    QList<double> flipped(gaps.size());
    for (quint64 mask = 0; mask < (quint64{1} << n); ++mask) {
        for (int i = 0; i < n; ++i)
            flipped[i] = ((mask >> i) & 1U) ? -gaps[i] : gaps[i];
        if (std::fabs(ExactMoments::mean(flipped)) >= threshold)
            ++hits;
    }
    return hits;
}

} // namespace pb::test

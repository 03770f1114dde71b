#pragma once

#include <QList>
#include <QString>
#include <limits>

namespace pb {

struct BootstrapOptions
{
    int resamples = 10000;
    double level = 0.95;
    quint64 seed = 20240601; // fixed, so the same gaps always give the same interval
};

struct BootstrapInterval
{
    double estimate = std::numeric_limits<double>::quiet_NaN(); // exact mean of the gaps
    double lower = std::numeric_limits<double>::quiet_NaN();
    double upper = std::numeric_limits<double>::quiet_NaN();
    int n = 0;
    int resamples = 0;
    double level = 0.0;
    quint64 seed = 0;
    bool valid = false;
    QString note; // why there is no interval, when valid is false
};

// Seeded percentile bootstrap of the average gap: items are resampled with replacement,
// each resample's mean is exact (as ExactMoments::mean), and the bounds are the
// (1 - level) / 2 and (1 + level) / 2 quantiles of the resample means with linear
// interpolation between order statistics (numpy.percentile's default). Indices come from
// std::mt19937_64 through rejection sampling, not std::uniform_int_distribution, whose
// algorithm differs between standard libraries: a seed gives the same interval everywhere.
class BootstrapCi
{
public:
    static BootstrapInterval averageGap(const QList<double>& gaps,
                                        const BootstrapOptions& options = {});
};

} // namespace pb

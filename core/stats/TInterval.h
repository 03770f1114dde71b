#pragma once

#include <QList>
#include <QString>
#include <limits>

namespace pb {

// An interval for the average gap over items, with the method it came from.
struct GapInterval
{
    double estimate = std::numeric_limits<double>::quiet_NaN(); // exact mean of the gaps
    double lower = std::numeric_limits<double>::quiet_NaN();
    double upper = std::numeric_limits<double>::quiet_NaN();
    double standardError = std::numeric_limits<double>::quiet_NaN();
    int items = 0;
    int degreesOfFreedom = 0;
    double level = 0.95;
    bool valid = false;
    QString note; // why there is no interval, when valid is false
};

// Student's t interval over the item gaps: mean +- t(level, n - 1) * sd / sqrt(n), the mean
// and the sample SD computed exactly (ExactMoments), the quantile from Boost.Math. Items are
// the unit: each item's gap is one observation, however many runs it averages. Chosen over
// the percentile bootstrap, which covered the average gap 90% of the time at 8 items drawn
// from the tutorial's where it said 95%; this covers 95% (bench/bench_interval_coverage,
// docs/benchmarks.md). With fewer than two items,
// or no spread among them, there is no interval (valid false, and the note says why), never
// one of zero width.
class TInterval
{
public:
    static GapInterval averageGap(const QList<double>& gaps, double level = 0.95);
    // "95% t interval over items", the words every view names it with.
    static QString name(double level);
};

} // namespace pb

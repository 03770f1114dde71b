#include "stats/TInterval.h"

#include "stats/ExactMoments.h"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <map>
#include <utility>

namespace pb {

namespace {

// The t quantile for a level is a function of the degrees of freedom alone, and boost's
// inverse is slow next to the rest of an interval: each thread keeps the ones it has asked for
// (a simulation asks for the same few over and over), up to a bound.
double quantileOf(int degreesOfFreedom, double level)
{
    static thread_local std::map<std::pair<int, double>, double> known;
    const std::pair<int, double> key{degreesOfFreedom, level};
    if (const auto it = known.find(key); it != known.end())
        return it->second;
    const boost::math::students_t_distribution<double> t(degreesOfFreedom);
    const double q = boost::math::quantile(t, 0.5 + level / 2.0);
    if (known.size() >= 1024)
        known.clear();
    known.emplace(key, q);
    return q;
}

} // namespace

GapInterval TInterval::averageGap(const QList<double>& gaps, double level)
{
    GapInterval interval;
    interval.items = static_cast<int>(gaps.size());
    interval.level = level;
    if (gaps.isEmpty()) {
        interval.note = QStringLiteral("no item gaps");
        return interval;
    }
    if (std::any_of(gaps.cbegin(), gaps.cend(), [](double gap) { return !std::isfinite(gap); })) {
        interval.note = QStringLiteral("a gap is not a finite number");
        return interval;
    }
    interval.estimate = ExactMoments::mean(gaps);
    if (!(level > 0.0 && level < 1.0)) {
        interval.note = QStringLiteral("the level must lie between 0 and 1");
        return interval;
    }
    if (gaps.size() < 2) {
        interval.note = QStringLiteral("one item: its spread, and so an interval, needs two or "
                                       "more");
        return interval;
    }
    const double sd = ExactMoments::sampleStandardDeviation(gaps);
    if (!(sd > 0.0)) {
        interval.note =
            QStringLiteral("every item gap is the same: no spread to make an interval from");
        return interval;
    }
    interval.degreesOfFreedom = interval.items - 1;
    interval.standardError = sd / std::sqrt(static_cast<double>(interval.items));
    const double half = quantileOf(interval.degreesOfFreedom, level) * interval.standardError;
    interval.lower = interval.estimate - half;
    interval.upper = interval.estimate + half;
    interval.valid = std::isfinite(half);
    if (!interval.valid)
        interval.note = QStringLiteral("the interval's width is not a finite number");
    return interval;
}

QString TInterval::name(double level)
{
    return QStringLiteral("%1% t interval over items").arg(QString::number(level * 100, 'g', 3));
}

} // namespace pb

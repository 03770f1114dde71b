#include "stats/agreement/RankCorrelation.h"

#include "stats/groups/ReproducibleShuffle.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <limits>
#include <numeric>

namespace pb {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double pearson(const std::vector<double>& x, const std::vector<double>& y)
{
    const double n = double(x.size());
    const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n;
    const double my = std::accumulate(y.begin(), y.end(), 0.0) / n;
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : kNaN;
}

int sign(double v)
{
    return (v > 0) - (v < 0);
}

// tau-b from the concordant minus discordant pairs and the pairs tied in each list.
double tauB(const std::vector<double>& x, const std::vector<double>& y)
{
    const std::size_t n = x.size();
    long long score = 0, untiedX = 0, untiedY = 0;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            const int a = sign(x[i] - x[j]);
            const int b = sign(y[i] - y[j]);
            score += a * b;
            untiedX += a != 0;
            untiedY += b != 0;
        }
    }
    return untiedX > 0 && untiedY > 0 ? double(score) / std::sqrt(double(untiedX) * double(untiedY))
                                      : kNaN;
}

void fisherInterval(RankCorrelationEstimate& e, double variance)
{
    if (!(variance > 0) || !std::isfinite(variance)) {
        e.lower = e.upper = kNaN;
        return;
    }
    const double z = boost::math::quantile(boost::math::normal(), 0.975);
    // atanh(+-1) is infinite: a perfect agreement's interval reaches 1 at the top.
    const double centre = std::atanh(std::clamp(e.value, -1.0 + 1e-15, 1.0 - 1e-15));
    const double half = z * std::sqrt(variance);
    e.lower = std::tanh(centre - half);
    e.upper = std::tanh(centre + half);
}

} // namespace

std::vector<double> RankCorrelation::midRanks(const std::vector<double>& values)
{
    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    std::vector<double> ranks(values.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && values[order[j + 1]] == values[order[i]])
            ++j;
        const double mid = (double(i) + double(j)) / 2.0 + 1.0;
        for (std::size_t k = i; k <= j; ++k)
            ranks[order[k]] = mid;
        i = j + 1;
    }
    return ranks;
}

double RankCorrelation::spearman(const std::vector<double>& x, const std::vector<double>& y)
{
    if (x.size() != y.size() || x.size() < 2)
        return kNaN;
    return pearson(midRanks(x), midRanks(y));
}

double RankCorrelation::kendallTauB(const std::vector<double>& x, const std::vector<double>& y)
{
    if (x.size() != y.size() || x.size() < 2)
        return kNaN;
    return tauB(x, y);
}

RankAgreement RankCorrelation::of(const std::vector<double>& x, const std::vector<double>& y,
                                  int shuffles, std::uint64_t seed)
{
    RankAgreement out;
    const auto finite = [](const std::vector<double>& v) {
        return std::all_of(v.begin(), v.end(), [](double d) { return std::isfinite(d); });
    };
    if (x.size() != y.size() || x.size() < 4 || !finite(x) || !finite(y))
        return out;
    const std::vector<double> rx = midRanks(x);
    std::vector<double> ry = midRanks(y);
    const double rho = pearson(rx, ry);
    const double tau = tauB(x, y);
    if (std::isnan(rho) || std::isnan(tau))
        return out;
    const int n = int(x.size());
    out.spearman = {true, n, rho, 0, 0, 1.0};
    out.kendall = {true, n, tau, 0, 0, 1.0};
    fisherInterval(out.spearman, 1.06 / double(n - 3));
    fisherInterval(out.kendall, n > 4 ? 0.437 / double(n - 4) : kNaN);
    // Shuffling y's ranks shuffles y: tau-b reads only the order, so the ranks serve both.
    std::mt19937_64 engine(seed);
    long long asFarRho = 0, asFarTau = 0;
    const double tolerance = 1e-12;
    for (int s = 0; s < shuffles; ++s) {
        groups::ReproducibleShuffle::shuffle(ry, engine);
        asFarRho += std::abs(pearson(rx, ry)) >= std::abs(rho) - tolerance;
        asFarTau += std::abs(tauB(rx, ry)) >= std::abs(tau) - tolerance;
    }
    out.spearman.p = double(1 + asFarRho) / double(1 + std::max(0, shuffles));
    out.kendall.p = double(1 + asFarTau) / double(1 + std::max(0, shuffles));
    return out;
}

} // namespace pb

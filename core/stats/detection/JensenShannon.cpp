#include "stats/detection/JensenShannon.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace pb::detection {

namespace {

double total(const std::vector<double>& side)
{
    double sum = 0.0;
    for (double x : side)
        sum += x;
    return sum;
}

// sum_i a_i log2(2 a_i / (a_i + b_i)), every a_i and b_i already divided by its side's total.
double halfTerm(const std::vector<double>& a, const std::vector<double>& b)
{
    double sum = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] > 0.0)
            sum += a[i] * std::log2(2.0 * a[i] / (a[i] + b[i]));
    }
    return sum;
}

std::vector<double> scaled(const std::vector<double>& side, double by)
{
    std::vector<double> out(side.size());
    std::transform(side.begin(), side.end(), out.begin(), [by](double x) { return x / by; });
    return out;
}

} // namespace

std::string JensenShannon::refusalFor(const std::vector<double>& side, const std::string& sideName,
                                      MassCheck check)
{
    if (side.empty())
        return sideName + " distribution has no candidates";
    for (std::size_t i = 0; i < side.size(); ++i) {
        if (!std::isfinite(side[i]) || side[i] < 0.0) {
            std::ostringstream out;
            out << sideName << " distribution, candidate " << i + 1 << ": probability " << side[i]
                << " is not a finite non-negative number";
            return out.str();
        }
    }
    const double sum = total(side);
    std::ostringstream out;
    out.precision(10);
    if (check == MassCheck::Refuse && std::abs(sum - 1.0) > kSumTolerance) {
        out << sideName << " distribution sums to " << sum << ", not 1 (within " << kSumTolerance
            << "); renormalise explicitly if that is intended";
        return out.str();
    }
    if (!(sum > 0.0) || !std::isfinite(sum)) {
        out << sideName << " distribution has total mass " << sum << ", nothing to renormalise";
        return out.str();
    }
    return {};
}

Divergence JensenShannon::between(const std::vector<double>& p, const std::vector<double>& q,
                                  MassCheck check)
{
    Divergence result;
    if (p.size() != q.size()) {
        std::ostringstream out;
        out << "the distributions cover different candidate sets (" << p.size() << " and "
            << q.size() << " candidates)";
        result.refusal = out.str();
        return result;
    }
    result.refusal = refusalFor(p, "first", check);
    if (result.refusal.empty())
        result.refusal = refusalFor(q, "second", check);
    if (!result.refusal.empty())
        return result;

    const std::vector<double> a = scaled(p, total(p));
    const std::vector<double> b = scaled(q, total(q));
    // 0.5 * x + 0.5 * y is commutative in floating point, so swapping p and q gives the same bits.
    const double js = 0.5 * halfTerm(a, b) + 0.5 * halfTerm(b, a);
    result.bits = std::clamp(js, 0.0, 1.0);
    result.valid = true;
    return result;
}

} // namespace pb::detection

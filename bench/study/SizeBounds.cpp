#include "SizeBounds.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace pb::study {

namespace {

constexpr double kTolerance = 1e-9;

double choose(int n, int k)
{
    double c = 1;
    for (int i = 1; i <= k; ++i)
        c = c * double(n - k + i) / double(i);
    return c;
}

// Every configuration (positives per class of equal |gap|) with its pattern count, mirrors
// merged: a flip-closed label-free test flags a configuration together with its mirror.
void classes(const std::vector<int>& sizes, std::size_t at, std::vector<int>& positives,
             std::vector<double>& weights)
{
    if (at == sizes.size()) {
        std::vector<int> mirror(positives.size());
        for (std::size_t j = 0; j < sizes.size(); ++j)
            mirror[j] = sizes[j] - positives[j];
        if (mirror < positives)
            return; // counted with its mirror
        double w = 1;
        for (std::size_t j = 0; j < sizes.size(); ++j)
            w *= choose(sizes[j], positives[j]);
        weights.push_back(mirror == positives ? w : 2 * w);
        return;
    }
    for (int k = 0; k <= sizes[at]; ++k) {
        positives[at] = k;
        classes(sizes, at + 1, positives, weights);
    }
}

struct Pattern
{
    double absMean = 0;
    int lean = 0; // |positives - negatives|
};

// The share of patterns that are at least as extreme as each, flagged below alpha, summed.
template <class AsFar>
double sizeOf(const std::vector<Pattern>& patterns, double alpha, AsFar asFar)
{
    const double total = double(patterns.size());
    double flagged = 0;
    for (const Pattern& a : patterns) {
        double count = 0;
        for (const Pattern& b : patterns)
            count += asFar(b, a) ? 1 : 0;
        flagged += count / total < alpha ? 1 : 0;
    }
    return flagged / total;
}

} // namespace

SizeBounds SizeBounds::of(const QList<double>& gaps, double alpha)
{
    std::vector<double> sizes;
    for (const double g : gaps) {
        if (std::abs(g) > kTolerance)
            sizes.push_back(std::abs(g));
    }
    std::sort(sizes.begin(), sizes.end());
    SizeBounds out;
    out.nonzero = int(sizes.size());
    if (sizes.empty())
        return out;
    const double patterns = std::ldexp(1.0, out.nonzero);
    out.anyTest = 2.0 * std::floor(alpha * patterns / 2.0 + 1e-12) / patterns;
    std::vector<int> tied;
    for (std::size_t i = 0; i < sizes.size();) {
        std::size_t j = i;
        while (j + 1 < sizes.size() && sizes[j + 1] - sizes[i] <= kTolerance)
            ++j;
        tied.push_back(int(j - i + 1));
        i = j + 1;
    }
    std::vector<int> positives(tied.size());
    std::vector<double> weights;
    classes(tied, 0, positives, weights);
    // 0/1 knapsack over the classes' pattern counts, capacity alpha 2^n' (a few dozen at most).
    const int capacity = int(std::floor(alpha * patterns + 1e-12));
    std::vector<char> reachable(std::size_t(capacity) + 1, 0);
    reachable[0] = 1;
    for (const double w : weights) {
        const int wi = int(w);
        if (wi > capacity)
            continue;
        for (int c = capacity; c >= wi; --c)
            reachable[std::size_t(c)] = reachable[std::size_t(c)] || reachable[std::size_t(c - wi)];
    }
    int best = capacity;
    while (best > 0 && !reachable[std::size_t(best)])
        --best;
    out.labelFree = double(best) / patterns;

    // The two ordered tests, over the nonzero gaps' patterns: the mean is over every gap,
    // zeros too, as the test takes it, and compared with its 1e-9 tolerance.
    std::vector<Pattern> all;
    const std::size_t count = std::size_t(1) << sizes.size();
    all.reserve(count);
    for (std::size_t bits = 0; bits < count; ++bits) {
        double sum = 0;
        int positives = 0;
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            const bool up = (bits >> i) & 1U;
            sum += up ? sizes[i] : -sizes[i];
            positives += up ? 1 : 0;
        }
        all.push_back({std::abs(sum / double(gaps.size())), std::abs(2 * positives - out.nonzero)});
    }
    out.ordered = sizeOf(all, alpha, [](const Pattern& b, const Pattern& a) {
        return b.absMean >= a.absMean - kTolerance;
    });
    out.tieBroken = sizeOf(all, alpha, [](const Pattern& b, const Pattern& a) {
        return b.absMean > a.absMean + kTolerance ||
               (std::abs(b.absMean - a.absMean) <= kTolerance && b.lean >= a.lean);
    });
    return out;
}

} // namespace pb::study

#include "stats/agreement/KrippendorffAlpha.h"

#include <algorithm>
#include <vector>

namespace pb {

namespace {

double difference(AlphaMetric metric, qsizetype c, qsizetype k, const QList<int>& values,
                  const std::vector<double>& marginals)
{
    if (c == k)
        return 0.0;
    const double a = values.at(c);
    const double b = values.at(k);
    switch (metric) {
    case AlphaMetric::Nominal:
        return 1.0;
    case AlphaMetric::Ordinal: {
        const qsizetype low = std::min(c, k);
        const qsizetype high = std::max(c, k);
        double ranks = 0.0;
        for (qsizetype g = low; g <= high; ++g)
            ranks += marginals[g];
        ranks -= (marginals[low] + marginals[high]) / 2.0;
        return ranks * ranks;
    }
    case AlphaMetric::Interval:
        return (a - b) * (a - b);
    case AlphaMetric::Ratio: {
        const double sum = a + b;
        return sum == 0.0 ? 0.0 : ((a - b) / sum) * ((a - b) / sum);
    }
    }
    return 0.0;
}

} // namespace

std::optional<AlphaEstimate>
KrippendorffAlpha::estimate(const QList<QList<std::optional<int>>>& byRater, AlphaMetric metric,
                            QString* error)
{
    AlphaEstimate e;
    e.metric = metric;
    const qsizetype units = byRater.isEmpty() ? 0 : byRater.first().size();
    for (qsizetype r = 0; r < byRater.size(); ++r) {
        if (byRater.at(r).size() != units) {
            *error = QStringLiteral("rater %1 lists %2 units, rater 1 lists %3")
                         .arg(r + 1)
                         .arg(byRater.at(r).size())
                         .arg(units);
            return std::nullopt;
        }
    }
    // The values anyone used, ascending: the rows and columns of the coincidence matrix.
    QList<int> values;
    for (const QList<std::optional<int>>& rater : byRater) {
        for (const std::optional<int>& v : rater) {
            if (v && !values.contains(*v))
                values << *v;
        }
    }
    std::sort(values.begin(), values.end());
    const qsizetype v = values.size();
    std::vector<double> coincidence(v * v, 0.0);
    for (qsizetype u = 0; u < units; ++u) {
        std::vector<qint64> counts(v, 0);
        qint64 m = 0;
        for (const QList<std::optional<int>>& rater : byRater) {
            if (const std::optional<int>& value = rater.at(u)) {
                ++counts[values.indexOf(*value)];
                ++m;
            }
        }
        e.missingValues += qint64(byRater.size()) - m;
        if (m < 2) {
            e.unpairableValues += m;
            continue;
        }
        ++e.pairableUnits;
        e.pairableValues += m;
        for (qsizetype c = 0; c < v; ++c) {
            for (qsizetype k = 0; k < v; ++k) {
                // Ordered pairs of values from two different raters of this unit.
                const qint64 pairs = c == k ? counts[c] * (counts[c] - 1) : counts[c] * counts[k];
                coincidence[c * v + k] += double(pairs) / double(m - 1);
            }
        }
    }
    std::vector<double> marginals(v, 0.0);
    for (qsizetype c = 0; c < v; ++c) {
        for (qsizetype k = 0; k < v; ++k)
            marginals[c] += coincidence[c * v + k];
    }
    const double n = double(e.pairableValues);
    if (e.pairableValues < 2)
        return e;
    double observed = 0.0;
    double expected = 0.0;
    for (qsizetype c = 0; c < v; ++c) {
        for (qsizetype k = 0; k < v; ++k) {
            const double d = difference(metric, c, k, values, marginals);
            observed += coincidence[c * v + k] * d;
            expected += marginals[c] * marginals[k] * d;
        }
    }
    e.observedDisagreement = observed / n;
    e.expectedDisagreement = expected / (n * (n - 1.0));
    if (e.expectedDisagreement <= 0.0)
        return e;
    e.defined = true;
    e.alpha = 1.0 - e.observedDisagreement / e.expectedDisagreement;
    return e;
}

QString KrippendorffAlpha::metricName(AlphaMetric metric)
{
    switch (metric) {
    case AlphaMetric::Nominal:
        return QStringLiteral("nominal");
    case AlphaMetric::Ordinal:
        break;
    case AlphaMetric::Interval:
        return QStringLiteral("interval");
    case AlphaMetric::Ratio:
        return QStringLiteral("ratio");
    }
    return QStringLiteral("ordinal");
}

} // namespace pb

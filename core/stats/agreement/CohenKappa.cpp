#include "stats/agreement/CohenKappa.h"

#include "stats/agreement/LandisKoch.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace pb {

QString KappaEstimate::band() const
{
    return defined ? LandisKoch::band(kappa) : QString();
}

double CohenKappa::weight(const ConfusionMatrix& matrix, qsizetype i, qsizetype j,
                          KappaWeights weights)
{
    if (i == j)
        return 1.0;
    const QList<int>& levels = matrix.levels();
    const double range = double(levels.last()) - double(levels.first());
    const double distance = std::abs(double(levels.at(i)) - double(levels.at(j))) / range;
    switch (weights) {
    case KappaWeights::Unweighted:
        break;
    case KappaWeights::Linear:
        return 1.0 - distance;
    case KappaWeights::Quadratic:
        return 1.0 - distance * distance;
    }
    return 0.0;
}

KappaEstimate CohenKappa::estimate(const ConfusionMatrix& matrix, KappaWeights weights)
{
    KappaEstimate e;
    e.weights = weights;
    const qint64 total = matrix.total();
    if (total == 0)
        return e;
    const qsizetype k = matrix.size();
    const double n = double(total);
    std::vector<double> rows(k);
    std::vector<double> columns(k);
    for (qsizetype i = 0; i < k; ++i) {
        rows[i] = double(matrix.rowTotal(i)) / n;
        columns[i] = double(matrix.columnTotal(i)) / n;
    }
    double observed = 0.0;
    double expected = 0.0;
    for (qsizetype i = 0; i < k; ++i) {
        for (qsizetype j = 0; j < k; ++j) {
            const double w = weight(matrix, i, j, weights);
            observed += w * double(matrix.count(i, j)) / n;
            expected += w * rows[i] * columns[j];
        }
    }
    e.observed = observed;
    e.expected = expected;
    // p_e reaches 1 only when both raters used one and the same level throughout.
    if (expected >= 1.0)
        return e;
    const double kappa = (observed - expected) / (1.0 - expected);
    std::vector<double> rowMean(k, 0.0);
    std::vector<double> columnMean(k, 0.0);
    for (qsizetype i = 0; i < k; ++i) {
        for (qsizetype j = 0; j < k; ++j) {
            rowMean[i] += weight(matrix, i, j, weights) * columns[j];
            columnMean[j] += weight(matrix, i, j, weights) * rows[i];
        }
    }
    double sum = 0.0;
    for (qsizetype i = 0; i < k; ++i) {
        for (qsizetype j = 0; j < k; ++j) {
            const double d =
                weight(matrix, i, j, weights) - (rowMean[i] + columnMean[j]) * (1.0 - kappa);
            sum += double(matrix.count(i, j)) / n * d * d;
        }
    }
    const double centre = kappa - expected * (1.0 - kappa);
    // Rounding can leave a tiny negative variance for perfect agreement, whose SE is 0.
    const double variance =
        std::max(0.0, (sum - centre * centre) / (n * (1.0 - expected) * (1.0 - expected)));
    static const double z =
        boost::math::quantile(boost::math::normal_distribution<double>(), 0.975);
    e.defined = true;
    e.kappa = kappa;
    e.standardError = std::sqrt(variance);
    e.lower = kappa - z * e.standardError;
    e.upper = kappa + z * e.standardError;
    return e;
}

QString CohenKappa::weightsName(KappaWeights weights)
{
    switch (weights) {
    case KappaWeights::Unweighted:
        break;
    case KappaWeights::Linear:
        return QStringLiteral("linear");
    case KappaWeights::Quadratic:
        return QStringLiteral("quadratic");
    }
    return QStringLiteral("unweighted");
}

} // namespace pb

#pragma once

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// The difference function delta^2(c, k) between two values (Krippendorff's metrics):
//   Nominal   0 if c == k, else 1
//   Ordinal   (sum of n_g for g from c to k - (n_c + n_k) / 2)^2, n_g the number of pairable
//             values equal to g: distance in ranks of the values actually used
//   Interval  (c - k)^2
//   Ratio     ((c - k) / (c + k))^2, 0 when c + k is 0
enum class AlphaMetric
{
    Nominal,
    Ordinal,
    Interval,
    Ratio
};

struct AlphaEstimate
{
    AlphaMetric metric = AlphaMetric::Ordinal;
    // False when fewer than two values are pairable or every pairable value is the same
    // (expected disagreement 0): alpha is 0/0 there and is reported as missing.
    bool defined = false;
    double alpha = 0.0;
    double observedDisagreement = 0.0; // D_o
    double expectedDisagreement = 0.0; // D_e
    qint64 pairableValues = 0;         // n: values in units that at least two raters scored
    qint64 pairableUnits = 0;          // units that at least two raters scored
    qint64 missingValues = 0;          // rater-unit cells left unscored
    qint64 unpairableValues = 0;       // values alone in their unit, so they cannot count
};

// Krippendorff's alpha = 1 - D_o / D_e for any number of raters, with missing values, by the
// coincidence-matrix method of "Computing Krippendorff's Alpha-Reliability" (2011):
// each unit u with m_u >= 2 values adds, for every ordered pair of values from two different
// raters, 1 / (m_u - 1) to the coincidence o_ck; n_c = sum_k o_ck and n = sum_c n_c; then
//   D_o = (1 / n) sum_c sum_k o_ck delta^2(c, k)
//   D_e = (1 / (n (n - 1))) sum_c sum_k n_c n_k delta^2(c, k).
class KrippendorffAlpha
{
public:
    // byRater[r][u]: rater r's value for unit u, std::nullopt when not scored. Every rater
    // lists the same units; lists of different lengths are an error.
    static std::optional<AlphaEstimate> estimate(const QList<QList<std::optional<int>>>& byRater,
                                                 AlphaMetric metric, QString* error);
    static QString metricName(AlphaMetric metric); // "nominal", "ordinal", "interval", "ratio"
};

} // namespace pb

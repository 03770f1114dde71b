#pragma once

#include "stats/agreement/ConfusionMatrix.h"

#include <QString>

namespace pb {

// How disagreements between two levels count. With levels l_1 < ... < l_k, the agreement
// weight of a pair of levels (a, b) is 1 for Unweighted only when a == b, else 0;
// 1 - |a - b| / (l_k - l_1) for Linear (Cicchetti-Allison, SAS's default weighted kappa,
// vcd's "Equal-Spacing"); 1 - (a - b)^2 / (l_k - l_1)^2 for Quadratic (Fleiss-Cohen, vcd's
// "Fleiss-Cohen"; sklearn's cohen_kappa_score(weights="quadratic") gives the same kappa when
// given the same labels). The scale is the whole level set, so an unused end level still
// counts in the distance.
enum class KappaWeights
{
    Unweighted,
    Linear,
    Quadratic
};

// Cohen's kappa from a table, with its large-sample standard error.
struct KappaEstimate
{
    KappaWeights weights = KappaWeights::Unweighted;
    // False when no unit was scored by both raters, or when chance agreement is already
    // total (both raters gave every unit the same one level): kappa is 0/0 there, and is
    // reported as missing rather than as a number.
    bool defined = false;
    double kappa = 0.0;
    double observed = 0.0; // weighted observed agreement p_o
    double expected = 0.0; // weighted chance agreement p_e from the margins
    double standardError = 0.0;
    double lower = 0.0; // kappa - z * SE, z the 0.975 normal quantile; not clipped to [-1, 1]
    double upper = 0.0; // kappa + z * SE

    QString band() const; // the Landis-Koch name of kappa; empty when not defined
};

// kappa = (p_o - p_e) / (1 - p_e) over the weighted cells.
//
// The standard error is the non-null large-sample one of Fleiss, Cohen & Everitt (1969), "Large
// sample standard errors of kappa and weighted kappa", the "ASE" R's vcd::Kappa computes (and
// the kind SAS PROC FREQ's AGREE option reports as ASE), with p_ij = n_ij / n, marginal
// proportions p_i. and p_.j, wbar_i. = sum_j w_ij p_.j and wbar_.j = sum_i w_ij p_i.:
//
//   Var = [ sum_ij p_ij (w_ij - (wbar_i. + wbar_.j)(1 - kappa))^2
//           - (kappa - p_e (1 - kappa))^2 ] / (n (1 - p_e)^2)
//
// For the unweighted kappa (w = identity) this is their formula for simple kappa. It is the
// standard error for an interval around kappa, not the one under kappa = 0 used for a test.
class CohenKappa
{
public:
    static KappaEstimate estimate(const ConfusionMatrix& matrix, KappaWeights weights);
    // The agreement weight of row level index i against column level index j.
    static double weight(const ConfusionMatrix& matrix, qsizetype i, qsizetype j,
                         KappaWeights weights);
    static QString weightsName(KappaWeights weights); // "unweighted", "linear", "quadratic"
};

} // namespace pb

#include "stats/detection/DistanceComparison.h"

#include "stats/SignFlipTest.h"

#include <QList>
#include <cmath>

namespace pb::detection {

bool DistanceVerdict::hasResult() const
{
    return deterministic ? difference.valid && difference.stable : comparison.valid;
}

bool DistanceVerdict::detected() const
{
    if (!hasResult())
        return false;
    return deterministic ? difference.differs : comparison.detected(kAlpha);
}

const char* DistanceVerdict::resultName() const
{
    return detected() ? "detected" : hasResult() ? "null" : "none";
}

bool DistanceVerdict::hasItemEffects() const
{
    return !deterministic && comparison.valid;
}

double DistanceVerdict::itemEffect(double counterfactual) const
{
    return (counterfactual - comparison.effect.meanNull) / comparison.effect.scale;
}

DistanceVerdict DistanceComparison::verdict(const std::vector<double>& counterfactual,
                                            const std::vector<double>& null, double temperature,
                                            const NoiseFloorOptions& options)
{
    DistanceVerdict v;
    v.deterministic = temperature == 0.0;
    if (v.deterministic)
        v.difference = DeterministicComparison::compare(counterfactual, null);
    else
        v.comparison = compare(counterfactual, null, options);
    return v;
}

DistanceComparisonResult DistanceComparison::compare(const std::vector<double>& counterfactual,
                                                     const std::vector<double>& null,
                                                     const NoiseFloorOptions& options)
{
    DistanceComparisonResult r;
    if (counterfactual.size() != null.size()) {
        r.refusal = "the counterfactual and null distances must come in pairs, one of each per "
                    "item";
        return r;
    }
    NoiseFloorOptions effectOnly = options;
    effectOnly.pooledPermutation = false;
    r.effect = NoiseFloorEffect::estimate(counterfactual, null, effectOnly);
    if (!r.effect.valid) {
        r.refusal = r.effect.refusal;
        return r;
    }
    QList<double> differences;
    differences.reserve(qsizetype(counterfactual.size()));
    for (std::size_t i = 0; i < counterfactual.size(); ++i)
        differences.append(counterfactual[i] - null[i]);
    SignFlipOptions test;
    test.histogramBins = 0; // no plot of the null distribution here
    test.seed = options.seed;
    r.paired = SignFlipTest::run(differences, std::nullopt, test);
    r.meanDifference = r.paired.observedMean;
    r.items = int(counterfactual.size());
    double sum = 0.0;
    for (double d : differences)
        sum += (d - r.meanDifference) * (d - r.meanDifference);
    r.sdDifference =
        r.items > 1 ? std::sqrt(sum / double(r.items - 1)) : DistanceComparisonResult::kNaN;
    // Differences equal up to floating-point residue have no spread to plan with: refused, not
    // turned into a minimum of 1e-17.
    if (!(r.sdDifference > DistanceComparisonResult::kTolerance)) {
        r.detectable.refusal = "the items' D_cf - D_null do not spread (all equal), so the "
                               "design's power cannot be judged from them";
    } else {
        // One-sided alpha a is the two-sided test at 2a, whose lower region adds under 1e-5
        // power.
        r.detectable = MinimumDetectableEffect::solve(
            {double(r.items), r.sdDifference, 2.0 * DistanceVerdict::kAlpha, 0.8});
    }
    if (r.above())
        r.p = r.paired.p / 2.0;
    r.valid = true;
    return r;
}

} // namespace pb::detection

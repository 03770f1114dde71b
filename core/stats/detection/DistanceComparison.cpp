#include "stats/detection/DistanceComparison.h"

#include "stats/SignFlipTest.h"

#include <QList>

namespace pb::detection {

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
    if (r.above())
        r.p = r.paired.p / 2.0;
    r.valid = true;
    return r;
}

} // namespace pb::detection

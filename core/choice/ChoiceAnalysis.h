#pragma once

#include "analysis/DistanceAnalysisParts.h"
#include "choice/ChoiceReading.h"
#include "stats/detection/DeterministicComparison.h"
#include "stats/detection/DistanceComparison.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <vector>

namespace pb {

class ChoiceTally;

// One arm's distribution over the candidates for one item.
struct ChoiceArmDistribution
{
    bool valid = false;
    std::vector<double> probabilities; // one per candidate, summing to 1
    double outsideMass = 0.0;          // logprobs: mean outside mass; sampled: off-list share
    int calls = 0;                     // the calls it is made of
    int failed = 0;
};

struct ChoiceItemResult
{
    QString itemId;
    ChoiceArmDistribution a, b, noise; // noise: value A again on the shifted seeds
    bool comparable = false;
    QString reason;               // why not comparable
    double divergence = 0.0;      // JS(A, B), bits: D_cf
    double noiseDivergence = 0.0; // JS(A, A again), bits: D_null
    double effect = 0.0;          // (D_cf - mean D_null) / scale, against the probe's floor
};

// A choice probe's result: per item, the distribution under value A, under value B and under
// A again (the same-versus-same arm); the Jensen-Shannon divergence (bits) of A against B,
// D_cf, and of A against A again, D_null; and over the items, the standardized effect of the
// D_cf against the D_null with its BCa interval, and the verdict's p, the one-sided paired
// sign-flip test over the items' D_cf - D_null (detection::DistanceComparison), or at
// temperature 0 the deterministic comparison (detection::DeterministicComparison: any
// divergence is real when every D_null is exactly 0).
//
// One source for the whole run, never a mix: the distributions are the means of the calls'
// logprob distributions when every answered call had one, and otherwise the frequencies of
// the replies read as candidates over the seeds ("sampled"), every call counted alike.
//
// The values, metric, temperature and calls are DistanceRunFacts', stated as the generative
// mode states them.
struct ChoiceAnalysis : DistanceRunFacts
{
    QStringList candidates;
    ChoiceSource source = ChoiceSource::Sampled;
    QStringList fallbackNotes; // why calls had no logprobs reading
    int callsWithLogprobs = 0;
    int callsSampled = 0;
    int callsUnread = 0;
    QList<ChoiceItemResult> items;

    bool deterministic() const { return temperature == 0.0; }
    detection::DistanceComparisonResult comparison; // sampled temperatures
    detection::DeterministicDifference difference;  // temperature 0

    int comparableItems() const;
    // Each item's part in the comparison: its divergences as D_cf and D_null.
    QList<DistanceItem> distanceItems() const;
    // The comparison's verdict (detection::DistanceVerdict, the rule every distance mode
    // shares), from comparison or difference.
    detection::DistanceVerdict verdict() const;
    // A verdict needs a comparison: an effect (two or more comparable items), or at
    // temperature 0 a deterministic difference from a backend that proved stable.
    bool hasResult() const;
    // Detected: the paired one-sided p below alpha (the divergences above the noise floor),
    // or at temperature 0 a nonzero divergence from a stable backend.
    bool detected() const;
    // "detected", "null" or "none".
    QString resultName() const;

    static ChoiceAnalysis from(const ChoiceTally& tally);
};

} // namespace pb

#include "generative/GenerativeAnalysis.h"

#include "generative/GenerativeTally.h"
#include "stats/detection/CosineDistance.h"

#include <algorithm>
#include <map>
#include <optional>

namespace pb {

namespace {

struct MeanDistance
{
    int pairs = 0;
    double mean = 0.0;
};

// The mean cosine distance over the seeds both arms have, in seed order.
MeanDistance meanOver(const std::map<qint64, std::vector<double>>& x,
                      const std::map<qint64, std::vector<double>>& y)
{
    MeanDistance out;
    double sum = 0.0;
    for (const auto& [seed, u] : x) {
        const auto other = y.find(seed);
        if (other == y.end())
            continue;
        if (const std::optional<double> d = detection::CosineDistance::between(u, other->second)) {
            sum += *d;
            ++out.pairs;
        }
    }
    if (out.pairs > 0)
        out.mean = sum / out.pairs;
    return out;
}

} // namespace

int GenerativeAnalysis::comparableItems() const
{
    return int(std::count_if(items.begin(), items.end(),
                             [](const GenerativeItemResult& r) { return r.comparable; }));
}

GenerativeAnalysis GenerativeAnalysis::from(const GenerativeTally& tally)
{
    const ProbeDocument& probe = tally.probe();
    GenerativeAnalysis a;
    a.valueA = probe.valueA();
    a.valueB = probe.valueB();
    a.noiseLabel = probe.noiseLabel();
    a.metricName = probe.metric.name;
    a.embeddingModel = probe.metric.embeddingModel;
    a.temperature = probe.settings.temperature;
    a.dimensions = tally.dimensions();
    a.embeddingDigests = tally.digests();
    a.callsLogged = tally.calls();
    a.callsFailed = tally.failed();
    a.callsEmbedded = tally.embedded();
    a.callsFlagged = tally.flagged();
    a.callsWrongDimensions = tally.wrongDimensions();
    a.flags = tally.flags();

    std::vector<double> counterfactual;
    std::vector<double> null;
    for (const GenerativeTally::Item& item : tally.items()) {
        const auto& arms = item.arms;
        GenerativeItemResult r;
        r.itemId = item.id;
        r.embeddedA = int(arms[GenerativeTally::ArmA].bySeed.size());
        r.embeddedB = int(arms[GenerativeTally::ArmB].bySeed.size());
        r.embeddedNoise = int(arms[GenerativeTally::ArmNoise].bySeed.size());
        const MeanDistance cf =
            meanOver(arms[GenerativeTally::ArmA].bySeed, arms[GenerativeTally::ArmB].bySeed);
        const MeanDistance same =
            meanOver(arms[GenerativeTally::ArmA].bySeed, arms[GenerativeTally::ArmNoise].bySeed);
        r.counterfactualPairs = cf.pairs;
        r.nullPairs = same.pairs;
        r.distance = cf.mean;
        r.noiseDistance = same.mean;
        r.comparable = cf.pairs > 0 && same.pairs > 0;
        if (!r.comparable) {
            QStringList missing;
            if (cf.pairs == 0)
                missing << QStringLiteral("%1 and %2").arg(a.valueA, a.valueB);
            if (same.pairs == 0)
                missing << QStringLiteral("%1 and %2").arg(a.valueA, a.noiseLabel);
            r.reason = QStringLiteral("no seed with embeddings of both ") +
                       missing.join(QStringLiteral(", nor of "));
        } else {
            r.difference = r.distance - r.noiseDistance;
            counterfactual.push_back(r.distance);
            null.push_back(r.noiseDistance);
        }
        a.items.append(r);
    }
    a.verdict = detection::DistanceComparison::verdict(counterfactual, null, a.temperature);
    if (!a.deterministic() && a.verdict.comparison.valid) {
        for (GenerativeItemResult& r : a.items) {
            if (r.comparable)
                r.effect = (r.distance - a.verdict.comparison.effect.meanNull) /
                           a.verdict.comparison.effect.scale;
        }
    }
    return a;
}

} // namespace pb

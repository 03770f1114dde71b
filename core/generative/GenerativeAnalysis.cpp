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

QList<DistanceItem> GenerativeAnalysis::distanceItems() const
{
    return pb::distanceItems(items, &GenerativeItemResult::distance,
                             &GenerativeItemResult::noiseDistance);
}

GenerativeAnalysis GenerativeAnalysis::from(const GenerativeTally& tally)
{
    GenerativeAnalysis a;
    static_cast<DistanceRunFacts&>(a) =
        DistanceRunFacts::of(tally.probe(), tally.calls(), tally.failed());
    a.embeddingModel = tally.probe().metric.embeddingModel;
    a.dimensions = tally.dimensions();
    a.embeddingDigests = tally.digests();
    a.callsEmbedded = tally.embedded();
    a.callsFlagged = tally.flagged();
    a.callsWrongDimensions = tally.wrongDimensions();
    a.flags = tally.flags();

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
        }
        a.items.append(r);
    }
    a.verdict = verdictOverItems(a.items, &GenerativeItemResult::distance,
                                 &GenerativeItemResult::noiseDistance, a.temperature);
    return a;
}

} // namespace pb

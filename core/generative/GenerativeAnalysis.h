#pragma once

#include "analysis/DistanceAnalysisParts.h"
#include "stats/detection/DistanceComparison.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

class GenerativeTally;

struct GenerativeItemResult
{
    QString itemId;
    int embeddedA = 0, embeddedB = 0, embeddedNoise = 0; // vectors per arm
    int counterfactualPairs = 0;                         // seeds with A and B
    int nullPairs = 0;                                   // seeds with A and A again
    bool comparable = false;
    QString reason;             // why not comparable
    double distance = 0.0;      // mean cosine distance of A against B, paired by seed: D_cf
    double noiseDistance = 0.0; // of A against A again on the shifted seed: D_null
    double difference = 0.0;    // D_cf - D_null: the item's term in the paired sign-flip test
    double effect = 0.0;        // (D_cf - mean D_null) / scale, against the probe's floor
};

// A generative probe's result: per item, the mean cosine distance between the embeddings of
// the A and the B reply on the same seed (D_cf), and between A on seed s and A again on
// s + offset (D_null, the same-versus-same noise); over the items the same comparison the
// choice mode makes of its divergences (detection::DistanceComparison). Its scores are cosine
// distances of one embedding model's vectors: they are never mixed with a numeric metric's or
// a choice probe's, nor with another embedding model's.
//
// The values, metric, temperature and calls are DistanceRunFacts', stated as the choice mode
// states them.
struct GenerativeAnalysis : DistanceRunFacts
{
    QString embeddingModel;
    int dimensions = 0;
    QStringList embeddingDigests; // distinct; more than one: the embedding model changed
    int callsEmbedded = 0;
    int callsFlagged = 0;
    int callsWrongDimensions = 0;
    QList<std::pair<QString, int>> flags;
    QList<GenerativeItemResult> items;
    detection::DistanceVerdict verdict;

    bool deterministic() const { return verdict.deterministic; }
    int comparableItems() const;
    // Each item's part in the comparison: its mean distances as D_cf and D_null.
    QList<DistanceItem> distanceItems() const;
    bool hasResult() const { return verdict.hasResult(); }
    bool detected() const { return verdict.detected(); }
    QString resultName() const { return QString::fromLatin1(verdict.resultName()); }

    static GenerativeAnalysis from(const GenerativeTally& tally);
};

} // namespace pb

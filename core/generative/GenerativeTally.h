#pragma once

#include "analysis/ItemArmTally.h"

#include <QStringList>
#include <map>
#include <utility>
#include <vector>

namespace pb {

// What a generative probe keeps of one item's arm: each reply's embedding under the seed it
// pairs by.
struct GenerativeArmVectors
{
    std::map<qint64, std::vector<double>> bySeed; // the pairing seed
    int failed = 0;
    int flagged = 0; // answered, but no vector to use (empty reply, embedding problems)
};

// A generative probe's calls folded in one at a time, per item and arm (ItemArmTally), keeping
// each reply's embedding under the seed it pairs by: A and B by their seed, A again by its seed
// less the probe's noise offset, so that A on seed s is compared with B on s and with A again
// on s + offset. Nothing else of a call is kept.
//
// The run's dimension is the first vector's; a vector of another size (a store that mixes
// embedding models' rows, edited by hand) is counted and left out. A seed seen twice in one
// arm keeps its first vector.
class GenerativeTally : public ItemArmTally<GenerativeArmVectors>
{
public:
    using ArmVectors = GenerativeArmVectors;

    explicit GenerativeTally(const ProbeDocument& probe);

    int embedded() const { return m_embedded; }
    int flagged() const { return m_flagged; }
    int wrongDimensions() const { return m_wrongDims; }
    int dimensions() const { return m_dims; }
    // The embedding model's digests the vectors came with, distinct, in order of first use:
    // more than one means the embedding model changed within the run.
    const QStringList& digests() const { return m_digests; }
    // The flags of the flagged calls with their counts, in order of first use.
    const QList<std::pair<QString, int>>& flags() const { return m_flags; }

protected:
    void addAnswered(const LoggedCall& call, Arm arm, ArmVectors& counted) override;

private:
    void flag(const QString& why);

    int m_embedded = 0;
    int m_flagged = 0;
    int m_wrongDims = 0;
    int m_dims = 0;
    QStringList m_digests;
    QList<std::pair<QString, int>> m_flags;
};

} // namespace pb

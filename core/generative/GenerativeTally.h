#pragma once

#include "probe/ProbeDocument.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <array>
#include <map>
#include <vector>

namespace pb {

struct LoggedCall;

// A generative probe's calls folded in one at a time, per item and arm (value A, value B, and A
// again on the noise seeds), keeping each reply's embedding under the seed it pairs by: A and
// B by their seed, A again by its seed less the probe's noise offset, so that A on seed s is
// compared with B on s and with A again on s + offset. Nothing else of a call is kept.
//
// The run's dimension is the first vector's; a vector of another size (a store that mixes
// embedding models' rows, edited by hand) is counted and left out. A seed seen twice in one
// arm keeps its first vector.
class GenerativeTally
{
public:
    enum Arm
    {
        ArmA,
        ArmB,
        ArmNoise,
        kArms
    };

    struct ArmVectors
    {
        std::map<qint64, std::vector<double>> bySeed; // the pairing seed
        int failed = 0;
        int flagged = 0; // answered, but no vector to use (empty reply, embedding problems)
    };

    struct Item
    {
        QString id;
        std::array<ArmVectors, kArms> arms;
    };

    explicit GenerativeTally(const ProbeDocument& probe);

    void add(const LoggedCall& call);
    void add(const QList<LoggedCall>& calls);

    const ProbeDocument& probe() const { return m_probe; }
    // In the probe's order, then any other item ids in order of first use.
    const QList<Item>& items() const { return m_items; }
    int calls() const { return m_calls; }
    int failed() const { return m_failed; }
    int embedded() const { return m_embedded; }
    int flagged() const { return m_flagged; }
    int wrongDimensions() const { return m_wrongDims; }
    int dimensions() const { return m_dims; }
    // The embedding model's digests the vectors came with, distinct, in order of first use:
    // more than one means the embedding model changed within the run.
    const QStringList& digests() const { return m_digests; }
    // The flags of the flagged calls with their counts, in order of first use.
    const QList<std::pair<QString, int>>& flags() const { return m_flags; }

private:
    ArmVectors& arm(const QString& itemId, Arm which);
    void flag(const QString& why);

    ProbeDocument m_probe;
    QList<Item> m_items;
    QHash<QString, qsizetype> m_index;
    int m_calls = 0;
    int m_failed = 0;
    int m_embedded = 0;
    int m_flagged = 0;
    int m_wrongDims = 0;
    int m_dims = 0;
    QStringList m_digests;
    QList<std::pair<QString, int>> m_flags;
};

} // namespace pb

#include "generative/GenerativeTally.h"

#include "generative/EmbeddingReading.h"

namespace pb {

GenerativeTally::GenerativeTally(const ProbeDocument& probe) : ItemArmTally(probe, {})
{
}

void GenerativeTally::flag(const QString& why)
{
    ++m_flagged;
    for (auto& [name, count] : m_flags) {
        if (name == why) {
            ++count;
            return;
        }
    }
    m_flags.append({why, 1});
}

void GenerativeTally::addAnswered(const LoggedCall& c, Arm arm, ArmVectors& counted)
{
    std::optional<EmbeddingReading> reading = EmbeddingReading::fromDetails(c.details);
    if (!reading) {
        ++counted.flagged;
        flag(c.metricFlag.isEmpty() ? QStringLiteral("no-embedding") : c.metricFlag);
        return;
    }
    if (m_dims == 0)
        m_dims = reading->dims();
    if (reading->dims() != m_dims) {
        ++m_wrongDims;
        ++counted.flagged;
        flag(QStringLiteral("embedding-dimensions"));
        return;
    }
    ++m_embedded;
    if (!reading->digest.isEmpty() && !m_digests.contains(reading->digest))
        m_digests << reading->digest;
    const qint64 pairing = arm == ArmNoise ? c.seed - probe().noise.seedOffset : c.seed;
    counted.bySeed.try_emplace(pairing, std::move(reading->vector));
}

} // namespace pb

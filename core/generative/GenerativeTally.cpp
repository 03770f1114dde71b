#include "generative/GenerativeTally.h"

#include "generative/EmbeddingReading.h"
#include "store/LoggedCall.h"

namespace pb {

GenerativeTally::GenerativeTally(const ProbeDocument& probe) : m_probe(probe)
{
    for (const ProbeItem& item : probe.items)
        arm(item.id, ArmA);
}

GenerativeTally::ArmVectors& GenerativeTally::arm(const QString& itemId, Arm which)
{
    auto found = m_index.constFind(itemId);
    if (found == m_index.constEnd()) {
        Item item;
        item.id = itemId;
        found = m_index.insert(itemId, m_items.size());
        m_items.append(std::move(item));
    }
    return m_items[*found].arms[std::size_t(which)];
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

void GenerativeTally::add(const QList<LoggedCall>& calls)
{
    for (const LoggedCall& c : calls)
        add(c);
}

void GenerativeTally::add(const LoggedCall& c)
{
    Arm which = ArmNoise;
    qint64 pairing = c.seed - m_probe.noise.seedOffset;
    if (c.arm == CallArm::Probe) {
        if (c.variant == m_probe.valueA())
            which = ArmA;
        else if (c.variant == m_probe.valueB())
            which = ArmB;
        else
            return; // a third value is not part of the A-B comparison
        pairing = c.seed;
    }
    ++m_calls;
    ArmVectors& counted = arm(c.itemId, which);
    if (c.status != CallStatus::Ok) {
        ++m_failed;
        ++counted.failed;
        return;
    }
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
    counted.bySeed.try_emplace(pairing, std::move(reading->vector));
}

} // namespace pb

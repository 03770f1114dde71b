#include "choice/ChoiceTally.h"

#include "store/LoggedCall.h"

namespace pb {

ChoiceTally::ChoiceTally(const ProbeDocument& probe) : m_probe(probe)
{
    for (const ProbeItem& item : probe.items)
        counts(item.id, ArmA);
}

ChoiceTally::ArmCounts& ChoiceTally::counts(const QString& itemId, Arm arm)
{
    auto found = m_index.constFind(itemId);
    if (found == m_index.constEnd()) {
        Item item;
        item.id = itemId;
        const std::size_t k = std::size_t(m_probe.metric.candidates.size());
        for (ArmCounts& a : item.arms) {
            a.probabilitySum.assign(k, 0.0);
            a.answers.assign(k, 0);
        }
        found = m_index.insert(itemId, m_items.size());
        m_items.append(std::move(item));
    }
    return m_items[*found].arms[std::size_t(arm)];
}

void ChoiceTally::add(const QList<LoggedCall>& calls)
{
    for (const LoggedCall& c : calls)
        add(c);
}

void ChoiceTally::add(const LoggedCall& c)
{
    Arm arm = ArmNoise;
    if (c.arm == CallArm::Probe) {
        if (c.variant == m_probe.valueA())
            arm = ArmA;
        else if (c.variant == m_probe.valueB())
            arm = ArmB;
        else
            return; // a third value is not part of the A-B comparison
    }
    ++m_calls;
    ArmCounts& counted = counts(c.itemId, arm);
    if (c.status != CallStatus::Ok) {
        ++m_failed;
        ++counted.failed;
        return;
    }
    const std::optional<ChoiceReading> reading =
        ChoiceReading::fromDetails(c.details, m_probe.metric.candidates.size());
    if (!reading) {
        ++m_unread;
        return;
    }
    ++counted.answered;
    if (reading->answer >= 0)
        ++counted.answers[std::size_t(reading->answer)];
    else
        ++counted.offList;
    if (reading->source == ChoiceSource::Logprobs) {
        ++m_withLogprobs;
        ++counted.logprobCalls;
        for (std::size_t k = 0; k < counted.probabilitySum.size(); ++k)
            counted.probabilitySum[k] += reading->probabilities[k];
        counted.outsideSum += reading->outsideMass;
    } else {
        ++m_sampled;
        if (m_notes.size() < kMaxNotes && !reading->note.isEmpty() &&
            !m_notes.contains(reading->note))
            m_notes << reading->note;
    }
}

} // namespace pb

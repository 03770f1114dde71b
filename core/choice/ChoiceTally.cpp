#include "choice/ChoiceTally.h"

namespace pb {

namespace {

ChoiceArmCounts emptyCounts(const ProbeDocument& probe)
{
    const std::size_t k = std::size_t(probe.metric.candidates.size());
    ChoiceArmCounts counts;
    counts.probabilitySum.assign(k, 0.0);
    counts.answers.assign(k, 0);
    return counts;
}

} // namespace

ChoiceTally::ChoiceTally(const ProbeDocument& probe) : ItemArmTally(probe, emptyCounts(probe))
{
}

void ChoiceTally::addAnswered(const LoggedCall& c, Arm, ArmCounts& counted)
{
    const std::optional<ChoiceReading> reading =
        ChoiceReading::fromDetails(c.details, probe().metric.candidates.size());
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

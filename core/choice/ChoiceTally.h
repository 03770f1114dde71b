#pragma once

#include "analysis/ItemArmTally.h"
#include "choice/ChoiceReading.h"

#include <QStringList>
#include <vector>

namespace pb {

// What a choice probe keeps of one item's arm: the sum of the logprob distributions and the
// count of each answer.
struct ChoiceArmCounts
{
    std::vector<double> probabilitySum; // over the calls with a logprobs reading
    double outsideSum = 0.0;
    int logprobCalls = 0;
    std::vector<int> answers; // per candidate, over every answered call
    int offList = 0;          // answered calls whose reply is no candidate
    int answered = 0;
    int failed = 0;
};

// A choice probe's calls folded in one at a time, per item and arm (ItemArmTally), into what
// its analysis needs and no more: each arm's ChoiceArmCounts, and over the run how the answers
// were read.
class ChoiceTally : public ItemArmTally<ChoiceArmCounts>
{
public:
    using ArmCounts = ChoiceArmCounts;

    explicit ChoiceTally(const ProbeDocument& probe);

    int withLogprobs() const { return m_withLogprobs; }
    int sampled() const { return m_sampled; }
    // Answered calls with no reading in their details (a store edited by hand).
    int unread() const { return m_unread; }
    // Why calls fell back to sampled, distinct, in order of first use (at most kMaxNotes).
    const QStringList& fallbackNotes() const { return m_notes; }

    static constexpr int kMaxNotes = 5;

protected:
    void addAnswered(const LoggedCall& call, Arm arm, ArmCounts& counted) override;

private:
    int m_withLogprobs = 0;
    int m_sampled = 0;
    int m_unread = 0;
    QStringList m_notes;
};

} // namespace pb

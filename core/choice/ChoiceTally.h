#pragma once

#include "choice/ChoiceReading.h"
#include "probe/ProbeDocument.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <array>
#include <vector>

namespace pb {

struct LoggedCall;

// A choice probe's calls folded in one at a time, per item and arm (value A, value B, and A
// again on the noise seeds), into what its analysis needs and no more: the sum of the
// logprob distributions and the count of each answer. Folding a list gives what folding its
// calls one by one gives, so a stored run is read without holding it.
class ChoiceTally
{
public:
    enum Arm
    {
        ArmA,
        ArmB,
        ArmNoise,
        kArms
    };

    struct ArmCounts
    {
        std::vector<double> probabilitySum; // over the calls with a logprobs reading
        double outsideSum = 0.0;
        int logprobCalls = 0;
        std::vector<int> answers; // per candidate, over every answered call
        int offList = 0;          // answered calls whose reply is no candidate
        int answered = 0;
        int failed = 0;
    };

    struct Item
    {
        QString id;
        std::array<ArmCounts, kArms> arms;
    };

    explicit ChoiceTally(const ProbeDocument& probe);

    void add(const LoggedCall& call);
    void add(const QList<LoggedCall>& calls);

    const ProbeDocument& probe() const { return m_probe; }
    // In the probe's order, then any other item ids in order of first use.
    const QList<Item>& items() const { return m_items; }
    int calls() const { return m_calls; }
    int failed() const { return m_failed; }
    int withLogprobs() const { return m_withLogprobs; }
    int sampled() const { return m_sampled; }
    // Answered calls with no reading in their details (a store edited by hand).
    int unread() const { return m_unread; }
    // Why calls fell back to sampled, distinct, in order of first use (at most kMaxNotes).
    const QStringList& fallbackNotes() const { return m_notes; }

    static constexpr int kMaxNotes = 5;

private:
    ArmCounts& counts(const QString& itemId, Arm arm);

    ProbeDocument m_probe;
    QList<Item> m_items;
    QHash<QString, qsizetype> m_index;
    int m_calls = 0;
    int m_failed = 0;
    int m_withLogprobs = 0;
    int m_sampled = 0;
    int m_unread = 0;
    QStringList m_notes;
};

} // namespace pb

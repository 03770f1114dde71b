#pragma once

#include "probe/ProbeDocument.h"
#include "store/LoggedCall.h"

#include <QHash>
#include <QList>
#include <QString>
#include <array>
#include <utility>

namespace pb {

// A distance mode's calls (choice, generative) folded in one at a time, per item and arm: value
// A, value B, and A again on the noise seeds. The tally sorts each call into its item and arm
// and counts the calls and the failed ones (over the run and per arm); what an answered call
// adds to its arm is the mode's own (`Counts`, filled by addAnswered). A call of a third value
// is not part of the A-B comparison and is not counted. Folding a list gives what folding its
// calls one by one gives, so a stored run is read without holding it.
//
// `Counts` is the mode's per-arm record, with an `int failed` the tally keeps.
template <class Counts> class ItemArmTally
{
public:
    enum Arm
    {
        ArmA,
        ArmB,
        ArmNoise,
        kArms
    };

    struct Item
    {
        QString id;
        std::array<Counts, kArms> arms;
    };

    virtual ~ItemArmTally() = default;

    void add(const LoggedCall& call);
    void add(const QList<LoggedCall>& calls);

    const ProbeDocument& probe() const { return m_probe; }
    // In the probe's order, then any other item ids in order of first use.
    const QList<Item>& items() const { return m_items; }
    int calls() const { return m_calls; }
    int failed() const { return m_failed; }

protected:
    // Each arm of an item starts as `empty`.
    ItemArmTally(const ProbeDocument& probe, Counts empty);
    ItemArmTally(const ItemArmTally&) = default;
    ItemArmTally(ItemArmTally&&) = default;
    ItemArmTally& operator=(const ItemArmTally&) = default;
    ItemArmTally& operator=(ItemArmTally&&) = default;

    // A call answered (status Ok) in `arm`, whose counts are `counts`.
    virtual void addAnswered(const LoggedCall& call, Arm arm, Counts& counts) = 0;

private:
    Counts& countsOf(const QString& itemId, Arm arm);

    ProbeDocument m_probe;
    Counts m_empty;
    QList<Item> m_items;
    QHash<QString, qsizetype> m_index;
    int m_calls = 0;
    int m_failed = 0;
};

template <class Counts>
ItemArmTally<Counts>::ItemArmTally(const ProbeDocument& probe, Counts empty)
    : m_probe(probe), m_empty(std::move(empty))
{
    for (const ProbeItem& item : probe.items)
        countsOf(item.id, ArmA);
}

template <class Counts> Counts& ItemArmTally<Counts>::countsOf(const QString& itemId, Arm arm)
{
    auto found = m_index.constFind(itemId);
    if (found == m_index.constEnd()) {
        Item item;
        item.id = itemId;
        item.arms.fill(m_empty);
        found = m_index.insert(itemId, m_items.size());
        m_items.append(std::move(item));
    }
    return m_items[*found].arms[std::size_t(arm)];
}

template <class Counts> void ItemArmTally<Counts>::add(const QList<LoggedCall>& calls)
{
    for (const LoggedCall& c : calls)
        add(c);
}

template <class Counts> void ItemArmTally<Counts>::add(const LoggedCall& c)
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
    Counts& counts = countsOf(c.itemId, arm);
    if (c.status != CallStatus::Ok) {
        ++m_failed;
        ++counts.failed;
        return;
    }
    addAnswered(c, arm, counts);
}

} // namespace pb

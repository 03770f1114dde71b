#include "judge/JudgeCallIndex.h"

#include <algorithm>

namespace pb {

JudgeCallIndex::JudgeCallIndex(const QList<JudgedCall>& calls)
{
    for (const JudgedCall& c : calls)
        m_byArtifact[key(c.itemId, c.variantId)] << &c;
    for (auto& list : m_byArtifact) {
        std::stable_sort(list.begin(), list.end(), [](const JudgedCall* a, const JudgedCall* b) {
            return a->repeat < b->repeat;
        });
    }
}

QString JudgeCallIndex::key(const QString& itemId, const QString& variantId)
{
    return itemId + QChar(0x1f) + variantId;
}

const JudgedCall* JudgeCallIndex::main(const QString& itemId, const QString& variantId) const
{
    const auto it = m_byArtifact.find(key(itemId, variantId));
    if (it == m_byArtifact.end() || it->isEmpty() || it->first()->repeat != 0)
        return nullptr;
    return it->first();
}

QList<const JudgedCall*> JudgeCallIndex::all(const QString& itemId, const QString& variantId) const
{
    return m_byArtifact.value(key(itemId, variantId));
}

} // namespace pb

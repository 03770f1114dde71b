#include "judge/JudgeProbeDocument.h"

namespace pb {

JudgeVariant JudgeVariant::swappedOf(const JudgeVariant& base)
{
    JudgeVariant swapped = base;
    swapped.id = QStringLiteral("swapped");
    swapped.property = QStringLiteral("position");
    swapped.swapped = true;
    swapped.generatedFrom = QStringLiteral("the pair in the other order");
    return swapped;
}

QStringList JudgeVariant::evidenceSources(bool pairwise) const
{
    if (pairwise)
        return {first, second};
    return {answer};
}

QList<JudgeVariant> JudgeItem::all() const
{
    return QList<JudgeVariant>{base} + variants;
}

const JudgeVariant* JudgeItem::variant(const QString& variantId) const
{
    if (base.id == variantId)
        return &base;
    for (const JudgeVariant& v : variants) {
        if (v.id == variantId)
            return &v;
    }
    return nullptr;
}

bool StabilityCheck::covers(const QString& itemId, const QString& variantId) const
{
    if (!enabled)
        return false;
    if (baseOnly && variantId != QLatin1String(JudgeVariant::kBaseId))
        return false;
    return allItems || itemIds.contains(itemId);
}

QStringList JudgeProbeDocument::properties() const
{
    QStringList out;
    for (const JudgeItem& item : items) {
        for (const JudgeVariant& v : item.variants) {
            if (!out.contains(v.property))
                out << v.property;
        }
    }
    return out;
}

bool JudgeProbeDocument::hasPairwiseItems() const
{
    for (const JudgeItem& item : items) {
        if (item.pairwise)
            return true;
    }
    return false;
}

int JudgeProbeDocument::constructionCeiling() const
{
    int n = 0;
    for (const JudgeItem& item : items) {
        for (const JudgeVariant& v : item.all())
            n += int(v.deserved.size());
    }
    return n;
}

const JudgeItem* JudgeProbeDocument::item(const QString& id) const
{
    for (const JudgeItem& item : items) {
        if (item.id == id)
            return &item;
    }
    return nullptr;
}

} // namespace pb

#include "judge/PositionConsistency.h"

namespace pb {

PositionConsistency PositionConsistency::compute(const JudgeProbeDocument& doc,
                                                 const JudgeCallIndex& calls)
{
    PositionConsistency out;
    for (const JudgeItem& item : doc.items) {
        if (!item.pairwise)
            continue;
        ++out.pairs;
        const JudgeVariant* swapped = nullptr;
        for (const JudgeVariant& v : item.variants) {
            if (v.property == QLatin1String("position"))
                swapped = &v;
        }
        const JudgedCall* inOrder = calls.main(item.id, item.base.id);
        const JudgedCall* reversed = swapped ? calls.main(item.id, swapped->id) : nullptr;
        for (const RubricCriterion& c : doc.rubric.criteria) {
            const CriterionGrade* a = inOrder ? inOrder->verdict.grade(c.id) : nullptr;
            const CriterionGrade* b = reversed ? reversed->verdict.grade(c.id) : nullptr;
            if (!a || !b || !a->scored() || !b->scored()) {
                ++out.unscored;
                continue;
            }
            ++out.choices;
            if (*a->reported == *b->reported) {
                ++out.consistent;
                continue;
            }
            out.inconsistentCells << item.id + QLatin1Char('/') + c.id;
            if (a->position == 0 && b->position == 0)
                ++out.firstPosition;
            else
                ++out.secondPosition;
        }
    }
    return out;
}

} // namespace pb

#include "judge/StabilityResult.h"

#include <QSet>

namespace pb {

bool StabilityCell::wobbles() const
{
    QSet<int> seen;
    for (const std::optional<int>& v : values) {
        if (v)
            seen.insert(*v);
    }
    return seen.size() > 1;
}

int StabilityCell::unscored() const
{
    int n = 0;
    for (const std::optional<int>& v : values)
        n += v ? 0 : 1;
    return n;
}

int StabilityResult::wobbling() const
{
    int n = 0;
    for (const StabilityCell& c : cells)
        n += c.wobbles() ? 1 : 0;
    return n;
}

int StabilityResult::withUnscored() const
{
    int n = 0;
    for (const StabilityCell& c : cells)
        n += c.unscored() > 0 ? 1 : 0;
    return n;
}

StabilityResult StabilityResult::compute(const JudgeProbeDocument& doc, const JudgeCallIndex& calls)
{
    StabilityResult out;
    out.ran = doc.stability.enabled;
    out.repeats = doc.stability.repeats;
    if (!out.ran)
        return out;
    for (const JudgeItem& item : doc.items) {
        for (const JudgeVariant& v : item.all()) {
            if (!doc.stability.covers(item.id, v.id))
                continue;
            ++out.artifacts;
            const QList<const JudgedCall*> all = calls.all(item.id, v.id);
            for (const RubricCriterion& c : doc.rubric.criteria) {
                StabilityCell cell{item.id, v.id, c.id, {}};
                for (int r = 0; r < out.repeats; ++r) {
                    std::optional<int> value;
                    for (const JudgedCall* call : all) {
                        if (call->repeat == r)
                            value = call->verdict.value(c.id);
                    }
                    cell.values << value;
                }
                out.cells << cell;
            }
        }
    }
    return out;
}

} // namespace pb

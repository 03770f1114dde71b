#include "judge/PropertyEffect.h"

#include "standin/StandInJudge.h"
#include "stats/ExactMoments.h"
#include "stats/SignFlipTest.h"

namespace pb {

namespace {

// Per-item deltas (mean over that item's variants) and the test on them.
void finish(CriterionEffect* effect, const QList<QString>& itemOrder,
            const QHash<QString, QList<double>>& deltasByItem)
{
    for (const QString& id : itemOrder) {
        const QList<double> deltas = deltasByItem.value(id);
        if (deltas.isEmpty())
            continue;
        effect->itemIds << id;
        effect->itemDeltas << ExactMoments::mean(deltas);
    }
    if (!effect->itemDeltas.isEmpty())
        effect->meanDelta = ExactMoments::mean(effect->itemDeltas);
    effect->signFlip = SignFlipTest::run(effect->itemDeltas);
}

} // namespace

int PropertyEffect::comparisons() const
{
    int n = 0;
    for (const CriterionEffect& c : criteria)
        n += c.comparisons;
    return n;
}

int PropertyEffect::flips() const
{
    int n = 0;
    for (const CriterionEffect& c : criteria)
        n += c.flips;
    return n;
}

int PropertyEffect::unscored() const
{
    int n = 0;
    for (const CriterionEffect& c : criteria)
        n += c.unscored;
    return n;
}

PropertyEffect PropertyEffect::compute(const JudgeProbeDocument& doc, const QString& property,
                                       const JudgeCallIndex& calls)
{
    PropertyEffect out;
    out.property = property;
    QStringList itemOrder;
    for (const JudgeItem& item : doc.items)
        itemOrder << item.id;
    QList<QHash<QString, QList<double>>> byCriterion(doc.rubric.criteria.size());
    QHash<QString, QList<double>> totalByItem;
    for (const RubricCriterion& c : doc.rubric.criteria) {
        CriterionEffect e;
        e.criterionId = c.id;
        out.criteria << e;
    }
    CriterionEffect total;
    total.criterionId = QStringLiteral("weighted_total");
    bool anyTotal = false;
    for (const JudgeItem& item : doc.items) {
        const JudgedCall* base = calls.main(item.id, item.base.id);
        const int words = item.pairwise ? 0 : StandInJudge::wordCount(item.base.answer);
        for (const JudgeVariant& v : item.variants) {
            if (v.property != property)
                continue;
            ++out.variants;
            const JudgedCall* after = calls.main(item.id, v.id);
            for (qsizetype k = 0; k < doc.rubric.criteria.size(); ++k) {
                const QString id = doc.rubric.criteria.at(k).id;
                VerdictDelta cell;
                cell.itemId = item.id;
                cell.variantId = v.id;
                cell.words = words;
                cell.criterionId = id;
                cell.before = base ? base->verdict.value(id) : std::nullopt;
                cell.after = after ? after->verdict.value(id) : std::nullopt;
                CriterionEffect& e = out.criteria[k];
                if (cell.compared()) {
                    ++e.comparisons;
                    if (cell.flipped()) {
                        ++e.flips;
                        (*cell.delta() > 0 ? e.up : e.down) += 1;
                    }
                    byCriterion[k][item.id] << double(*cell.delta());
                } else {
                    ++e.unscored;
                }
                out.cells << cell;
            }
            if (!item.pairwise && base && after && base->verdict.weightedTotal &&
                after->verdict.weightedTotal) {
                anyTotal = true;
                ++total.comparisons;
                const double d = *after->verdict.weightedTotal - *base->verdict.weightedTotal;
                if (d != 0.0) {
                    ++total.flips;
                    (d > 0 ? total.up : total.down) += 1;
                }
                totalByItem[item.id] << d;
            } else if (!item.pairwise) {
                ++total.unscored;
            }
        }
    }
    for (qsizetype k = 0; k < out.criteria.size(); ++k)
        finish(&out.criteria[k], itemOrder, byCriterion.at(k));
    if (anyTotal || total.unscored > 0) {
        finish(&total, itemOrder, totalByItem);
        out.total = total;
    }
    return out;
}

QList<PropertyEffect> PropertyEffect::computeAll(const JudgeProbeDocument& doc,
                                                 const JudgeCallIndex& calls)
{
    QList<PropertyEffect> out;
    for (const QString& property : doc.properties())
        out << compute(doc, property, calls);
    return out;
}

} // namespace pb

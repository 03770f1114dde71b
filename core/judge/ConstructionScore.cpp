#include "judge/ConstructionScore.h"

namespace pb {

const ConstructionTally* ConstructionScore::group(const QString& name) const
{
    for (const ConstructionTally& t : byGroup) {
        if (t.group == name)
            return &t;
    }
    return nullptr;
}

QString ConstructionScore::mainShortfallGroup() const
{
    QString best;
    int bestShortfall = 0;
    bool tie = false;
    for (const ConstructionTally& t : byGroup) {
        if (t.shortfall() > bestShortfall) {
            best = t.group;
            bestShortfall = t.shortfall();
            tie = false;
        } else if (t.shortfall() == bestShortfall && bestShortfall > 0) {
            tie = true;
        }
    }
    return tie ? QString() : best;
}

ConstructionScore ConstructionScore::compute(const JudgeProbeDocument& doc,
                                             const JudgeCallIndex& calls)
{
    ConstructionScore out;
    QStringList groups{QStringLiteral("base")};
    groups += doc.properties();
    for (const QString& g : groups)
        out.byGroup << ConstructionTally{g, 0, 0, 0};
    for (const JudgeItem& item : doc.items) {
        for (const JudgeVariant& v : item.all()) {
            const JudgedCall* call = calls.main(item.id, v.id);
            ConstructionTally& tally =
                out.byGroup[groups.indexOf(v.isBase() ? QStringLiteral("base") : v.property)];
            for (auto it = v.deserved.begin(); it != v.deserved.end(); ++it) {
                ++out.ceiling;
                ++tally.ceiling;
                const CriterionGrade* grade = call ? call->verdict.grade(it.key()) : nullptr;
                const std::optional<int> got = grade ? grade->value() : std::nullopt;
                if (got && *got == it.value()) {
                    ++out.asBuilt;
                    ++tally.asBuilt;
                    continue;
                }
                ConstructionMiss miss{item.id,  v.id,       v.property, v.shape,
                                      it.key(), it.value(), got,        QString()};
                if (got) {
                    miss.why = QStringLiteral("judged otherwise");
                } else {
                    ++out.notScored;
                    ++tally.notScored;
                    if (!call || call->verdict.outcome == JudgeOutcome::Failed)
                        miss.why = QStringLiteral("no reply");
                    else if (call->verdict.outcome == JudgeOutcome::ReviewNeeded)
                        miss.why = QLatin1String(JudgeVerdict::kReviewNeeded);
                    else
                        miss.why = QLatin1String(CriterionGrade::kHallucinated);
                }
                out.misses << miss;
            }
        }
    }
    return out;
}

} // namespace pb

#include "judge/JudgeItemEdits.h"

namespace pb::JudgeItemEdits {

QString uniqueId(const QString& wanted, const QStringList& taken)
{
    if (!taken.contains(wanted))
        return wanted;
    for (int k = 2;; ++k) {
        const QString id = QStringLiteral("%1-%2").arg(wanted).arg(k);
        if (!taken.contains(id))
            return id;
    }
}

QStringList variantIds(const JudgeItem& item)
{
    QStringList out{QLatin1String(JudgeVariant::kBaseId)};
    for (const JudgeVariant& v : item.variants)
        out << v.id;
    return out;
}

QStringList itemIds(const JudgeProbeDocument& doc)
{
    QStringList out;
    for (const JudgeItem& item : doc.items)
        out << item.id;
    return out;
}

void followBase(JudgeItem& item, const JudgeVariant& before)
{
    const JudgeVariant& base = item.base;
    for (JudgeVariant& v : item.variants) {
        if (item.pairwise) {
            v.question = base.question;
            v.first = base.first;
            v.second = base.second;
            v.deserved = base.deserved;
            continue;
        }
        if (v.question == before.question)
            v.question = base.question;
        if (v.generatedFrom.isEmpty() || before.answer == base.answer)
            continue;
        const bool bylineFirst = v.property == QLatin1String("byline");
        const auto replaceHead = [&] {
            if (!v.answer.startsWith(before.answer))
                return false;
            v.answer = base.answer + v.answer.mid(before.answer.size());
            return true;
        };
        const auto replaceTail = [&] {
            if (!v.answer.endsWith(before.answer))
                return false;
            v.answer = v.answer.left(v.answer.size() - before.answer.size()) + base.answer;
            return true;
        };
        if (bylineFirst)
            replaceTail() || replaceHead();
        else
            replaceHead() || replaceTail();
    }
}

} // namespace pb::JudgeItemEdits

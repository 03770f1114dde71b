#include "judge/JudgeSchema.h"

#include <QJsonArray>

namespace pb {

QString JudgeSchema::verdictKey(const Rubric& rubric, bool pairwise)
{
    if (pairwise)
        return QStringLiteral("winner");
    return rubric.scale == RubricScale::PassFail ? QStringLiteral("verdict")
                                                 : QStringLiteral("level");
}

QString JudgeSchema::verdictChoices(const Rubric& rubric, bool pairwise)
{
    if (pairwise)
        return QStringLiteral("\"A\" or \"B\"");
    return rubric.scale == RubricScale::PassFail ? QStringLiteral("\"pass\" or \"fail\"")
                                                 : QStringLiteral("a whole number 1, 2, 3 or 4");
}

QJsonObject JudgeSchema::build(const Rubric& rubric, bool pairwise, bool requireEvidence)
{
    QJsonArray ids;
    for (const RubricCriterion& c : rubric.criteria)
        ids.append(c.id);
    QJsonObject verdict;
    if (pairwise) {
        verdict = {{QStringLiteral("type"), QStringLiteral("string")},
                   {QStringLiteral("enum"), QJsonArray{QStringLiteral("A"), QStringLiteral("B")}}};
    } else if (rubric.scale == RubricScale::PassFail) {
        verdict = {
            {QStringLiteral("type"), QStringLiteral("string")},
            {QStringLiteral("enum"), QJsonArray{QStringLiteral("pass"), QStringLiteral("fail")}}};
    } else {
        verdict = {{QStringLiteral("type"), QStringLiteral("integer")},
                   {QStringLiteral("enum"), QJsonArray{1, 2, 3, 4}}};
    }
    const QString key = verdictKey(rubric, pairwise);
    QJsonObject properties{
        {QStringLiteral("id"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                           {QStringLiteral("enum"), ids}}},
        {key, verdict}};
    QJsonArray required{QStringLiteral("id"), key};
    if (requireEvidence) {
        properties.insert(
            QStringLiteral("evidence"),
            QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                        {QStringLiteral("description"),
                         QStringLiteral("Verbatim span from the answer that decides this "
                                        "criterion. Empty string only if the answer contains no "
                                        "relevant span.")}});
        required.append(QStringLiteral("evidence"));
    }
    const QJsonObject entry{{QStringLiteral("type"), QStringLiteral("object")},
                            {QStringLiteral("properties"), properties},
                            {QStringLiteral("required"), required},
                            {QStringLiteral("additionalProperties"), false}};
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                       {QStringLiteral("properties"),
                        QJsonObject{{QStringLiteral("criteria"),
                                     QJsonObject{{QStringLiteral("type"), QStringLiteral("array")},
                                                 {QStringLiteral("items"), entry}}}}},
                       {QStringLiteral("required"), QJsonArray{QStringLiteral("criteria")}},
                       {QStringLiteral("additionalProperties"), false}};
}

} // namespace pb

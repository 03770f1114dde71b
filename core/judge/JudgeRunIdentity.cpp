#include "judge/JudgeRunIdentity.h"



#include <QJsonArray>
#include <QJsonDocument>

namespace pb {

namespace {

QJsonObject rubricJson(const Rubric& rubric)
{
    QJsonArray criteria;
    for (const RubricCriterion& c : rubric.criteria) {
        QJsonObject o{{QStringLiteral("id"), c.id},
                      {QStringLiteral("name"), c.name},
                      {QStringLiteral("weight"), c.weight}};
        if (!c.description.isEmpty())
            o.insert(QStringLiteral("description"), c.description);
        if (!c.levels.isEmpty()) {
            QJsonObject levels;
            for (auto it = c.levels.begin(); it != c.levels.end(); ++it)
                levels.insert(QString::number(it.key()), it.value());
            o.insert(QStringLiteral("levels"), levels);
        }
        criteria.append(o);
    }
    return {{QStringLiteral("title"), rubric.title},
            {QStringLiteral("artifact_type"), rubric.artifactType},
            {QStringLiteral("scale"), Rubric::scaleName(rubric.scale)},
            {QStringLiteral("criteria"), criteria}};
}

QJsonObject deservedJson(const DeservedVerdicts& deserved)
{
    QJsonObject o;
    for (auto it = deserved.begin(); it != deserved.end(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

QJsonObject variantJson(const JudgeVariant& v)
{
    QJsonObject o{{QStringLiteral("id"), v.id},
                  {QStringLiteral("property"), v.property},
                  {QStringLiteral("shape"), v.shape == PairShape::Opposed
                                                ? QStringLiteral("opposed")
                                                : QStringLiteral("same")},
                  {QStringLiteral("question"), v.question},
                  {QStringLiteral("deserved"), deservedJson(v.deserved)}};
    if (v.first.isEmpty() && v.second.isEmpty()) {
        o.insert(QStringLiteral("answer"), v.answer);
    } else {
        o.insert(QStringLiteral("first"), v.first);
        o.insert(QStringLiteral("second"), v.second);
        o.insert(QStringLiteral("swapped"), v.swapped);
    }
    if (!v.generatedFrom.isEmpty())
        o.insert(QStringLiteral("generated_from"), v.generatedFrom);
    return o;
}

} // namespace

QJsonObject JudgeRunIdentity::compiledProbe(const JudgeProbeDocument& doc)
{
    QJsonArray items;
    for (const JudgeItem& item : doc.items) {
        QJsonArray variants;
        for (const JudgeVariant& v : item.all())
            variants.append(variantJson(v));
        items.append(QJsonObject{{QStringLiteral("id"), item.id},
                                 {QStringLiteral("pairwise"), item.pairwise},
                                 {QStringLiteral("note"), item.note},
                                 {QStringLiteral("variants"), variants}});
    }
    QJsonArray judges;
    for (const JudgeConfig& j : doc.judges)
        judges.append(judgeJson(j));
    QJsonObject stability{{QStringLiteral("enabled"), doc.stability.enabled},
                          {QStringLiteral("repeats"), doc.stability.repeats},
                          {QStringLiteral("base_only"), doc.stability.baseOnly}};
    stability.insert(QStringLiteral("items"),
                     doc.stability.allItems
                         ? QJsonValue(QStringLiteral("all"))
                         : QJsonValue(QJsonArray::fromStringList(doc.stability.itemIds)));
    return {{QStringLiteral("format"), QLatin1String(JudgeProbeDocument::kFormat)},
            {QStringLiteral("title"), doc.title},
            {QStringLiteral("description"), doc.description},
            {QStringLiteral("rubric_source"), doc.rubricSource},
            {QStringLiteral("rubric"), rubricJson(doc.rubric)},
            {QStringLiteral("items"), items},
            {QStringLiteral("judges"), judges},
            {QStringLiteral("stability"), stability},
            {QStringLiteral("evidence"),
             QJsonObject{{QStringLiteral("fuzzy_threshold"), doc.evidence.fuzzyThreshold}}}};
}

QJsonObject JudgeRunIdentity::judgeJson(const JudgeConfig& j)
{
    QJsonObject o{{QStringLiteral("name"), j.name},
                  {QStringLiteral("backend"), j.backend},
                  {QStringLiteral("model"), j.effectiveModel()},
                  {QStringLiteral("temperature"), j.temperature},
                  {QStringLiteral("seed"), QString::number(j.seed)},
                  {QStringLiteral("instructions"), j.instructions},
                  {QStringLiteral("require_evidence"), j.requireEvidence},
                  {QStringLiteral("structured_output"), j.structuredOutput},
                  {QStringLiteral("max_retries"), j.maxRetries}};
    if (j.maxTokens)
        o.insert(QStringLiteral("max_tokens"), *j.maxTokens);
    if (j.contextLength)
        o.insert(QStringLiteral("context_length"), *j.contextLength);
    return o;
}

QJsonObject JudgeRunIdentity::canonical(const JudgeProbeDocument& doc, const JudgeConfig& judge)
{
    QJsonObject probe = compiledProbe(doc);
    // Only what changes what is sent or how a reply is read.
    probe.remove(QStringLiteral("title"));
    probe.remove(QStringLiteral("description"));
    probe.remove(QStringLiteral("judges"));
    probe.remove(QStringLiteral("stability"));
    probe.remove(QStringLiteral("evidence"));
    probe.remove(QStringLiteral("rubric_source"));
    QJsonObject j = judgeJson(judge);
    j.remove(QStringLiteral("name"));
    probe.insert(QStringLiteral("judge"), j);
    return probe;
}

QString JudgeRunIdentity::hash(const JudgeProbeDocument& doc, const JudgeConfig& judge)
{
    return RunIdentity::hashOf(canonical(doc, judge));
}

RunIdentity JudgeRunIdentity::identity(const JudgeProbeDocument& doc, const JudgeConfig& judge)
{
    RunRecord run;
    run.title = doc.title.isEmpty() ? judge.name : doc.title + QStringLiteral(" / ") + judge.name;
    QJsonObject stored = compiledProbe(doc);
    stored.insert(QStringLiteral("judge"), judgeJson(judge));
    run.probeJson = QString::fromUtf8(QJsonDocument(stored).toJson(QJsonDocument::Indented));
    run.backend = judge.backend;
    run.model = judge.effectiveModel();
    run.metricName = QStringLiteral("weighted_total");
    run.metricDefinition = QStringLiteral("judge verdicts per criterion on the rubric; weighted "
                                          "total 0-100 when every criterion is scored");
    return RunIdentity(canonical(doc, judge), run);
}

} // namespace pb

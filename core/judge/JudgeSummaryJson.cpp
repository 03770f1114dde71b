#include "judge/JudgeSummaryJson.h"

#include "report/StatisticJson.h"

#include <QJsonArray>

namespace pb {

namespace {

QJsonObject effectJson(const CriterionEffect& c)
{
    QJsonArray items;
    for (qsizetype i = 0; i < c.itemIds.size(); ++i)
        items.append(QJsonObject{{QStringLiteral("item"), c.itemIds.at(i)},
                                 {QStringLiteral("delta"), jsonNumber(c.itemDeltas.at(i))}});
    return {{QStringLiteral("criterion"), c.criterionId},
            {QStringLiteral("compared"), c.comparisons},
            {QStringLiteral("unscored"), c.unscored},
            {QStringLiteral("flipped"), c.flips},
            {QStringLiteral("up"), c.up},
            {QStringLiteral("down"), c.down},
            {QStringLiteral("mean_delta"), jsonNumber(c.meanDelta)},
            {QStringLiteral("per_item"), items},
            {QStringLiteral("sign_flip"), signFlipJson(c.signFlip)}};
}

QJsonObject runJson(const JudgeProbeDocument& doc, const JudgeRunAnalysis& run)
{
    QJsonArray groups;
    for (const ConstructionTally& t : run.construction.byGroup)
        groups.append(QJsonObject{{QStringLiteral("group"), t.group},
                                  {QStringLiteral("as_built"), t.asBuilt},
                                  {QStringLiteral("ceiling"), t.ceiling},
                                  {QStringLiteral("not_scored"), t.notScored}});
    QJsonArray misses;
    for (const ConstructionMiss& m : run.construction.misses)
        misses.append(QJsonObject{
            {QStringLiteral("item"), m.itemId},
            {QStringLiteral("variant"), m.variantId},
            {QStringLiteral("property"), m.property},
            {QStringLiteral("criterion"), m.criterionId},
            {QStringLiteral("deserved"), m.deserved},
            {QStringLiteral("judged"), m.got ? QJsonValue(*m.got) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("why"), m.why}});
    QJsonArray effects;
    for (const PropertyEffect& e : run.effects) {
        QJsonArray criteria;
        for (const CriterionEffect& c : e.criteria)
            criteria.append(effectJson(c));
        QJsonObject o{{QStringLiteral("property"), e.property},
                      {QStringLiteral("variants"), e.variants},
                      {QStringLiteral("flipped"), e.flips()},
                      {QStringLiteral("compared"), e.comparisons()},
                      {QStringLiteral("criteria"), criteria}};
        if (e.total)
            o.insert(QStringLiteral("weighted_total"), effectJson(*e.total));
        effects.append(o);
    }
    QJsonArray invented;
    for (const InventedQuote& q : run.evidence.invented)
        invented.append(QJsonObject{{QStringLiteral("item"), q.itemId},
                                    {QStringLiteral("variant"), q.variantId},
                                    {QStringLiteral("repeat"), q.repeat},
                                    {QStringLiteral("criterion"), q.criterionId},
                                    {QStringLiteral("quote"), q.quote},
                                    {QStringLiteral("similarity"), q.similarity}});
    QJsonArray wobbles;
    for (const StabilityCell& c : run.stability.cells) {
        if (!c.wobbles())
            continue;
        QJsonArray values;
        for (const std::optional<int>& v : c.values)
            values.append(v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null));
        wobbles.append(QJsonObject{{QStringLiteral("item"), c.itemId},
                                   {QStringLiteral("variant"), c.variantId},
                                   {QStringLiteral("criterion"), c.criterionId},
                                   {QStringLiteral("values"), values}});
    }
    QJsonObject out{
        {QStringLiteral("judge"), run.judgeName},
        {QStringLiteral("backend"), run.backend},
        {QStringLiteral("model"), run.model},
        {QStringLiteral("models_reported"), QJsonArray::fromStringList(run.modelsReported)},
        {QStringLiteral("calls"), QJsonObject{{QStringLiteral("planned"), run.planned},
                                              {QStringLiteral("logged"), run.logged},
                                              {QStringLiteral("probe"), run.probeCalls},
                                              {QStringLiteral("scored"), run.scored},
                                              {QStringLiteral("review_needed"), run.reviewNeeded},
                                              {QStringLiteral("failed"), run.failed}}},
        {QStringLiteral("construction"),
         QJsonObject{{QStringLiteral("as_built"), run.construction.asBuilt},
                     {QStringLiteral("ceiling"), run.construction.ceiling},
                     {QStringLiteral("not_scored"), run.construction.notScored},
                     {QStringLiteral("by_group"), groups},
                     {QStringLiteral("misses"), misses}}},
        {QStringLiteral("effects"), effects},
        {QStringLiteral("evidence"),
         QJsonObject{{QStringLiteral("fuzzy_threshold"), doc.evidence.fuzzyThreshold},
                     {QStringLiteral("quotes"), run.evidence.quotes},
                     {QStringLiteral("exact"), run.evidence.exact},
                     {QStringLiteral("fuzzy"), run.evidence.fuzzy},
                     {QStringLiteral("hallucinated"), run.evidence.hallucinated},
                     {QStringLiteral("empty"), run.evidence.empty},
                     {QStringLiteral("rate"), jsonNumber(run.evidence.rate())},
                     {QStringLiteral("invented"), invented}}},
        {QStringLiteral("stability"),
         QJsonObject{{QStringLiteral("ran"), run.stability.ran},
                     {QStringLiteral("repeats"), run.stability.repeats},
                     {QStringLiteral("artifacts"), run.stability.artifacts},
                     {QStringLiteral("verdicts"), int(run.stability.cells.size())},
                     {QStringLiteral("wobbling"), run.stability.wobbling()},
                     {QStringLiteral("with_unscored"), run.stability.withUnscored()},
                     {QStringLiteral("wobbles"), wobbles}}}};
    if (run.position.ran())
        out.insert(
            QStringLiteral("position"),
            QJsonObject{{QStringLiteral("pairs"), run.position.pairs},
                        {QStringLiteral("choices"), run.position.choices},
                        {QStringLiteral("consistent"), run.position.consistent},
                        {QStringLiteral("followed_first_position"), run.position.firstPosition},
                        {QStringLiteral("followed_second_position"), run.position.secondPosition},
                        {QStringLiteral("unscored"), run.position.unscored}});
    return out;
}

} // namespace

QJsonObject JudgeSummaryJson::build(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis)
{
    QJsonArray judges;
    for (const JudgeRunAnalysis& run : analysis.judges)
        judges.append(runJson(doc, run));
    return {{QStringLiteral("format"), QStringLiteral("probebench/judge-summary@2")},
            {QStringLiteral("title"), doc.title},
            {QStringLiteral("rubric_scale"), Rubric::scaleName(doc.rubric.scale)},
            {QStringLiteral("criteria"), QJsonArray::fromStringList(doc.rubric.ids())},
            {QStringLiteral("construction_ceiling"), doc.constructionCeiling()},
            {QStringLiteral("properties"), QJsonArray::fromStringList(doc.properties())},
            {QStringLiteral("judges"), judges},
            {QStringLiteral("tokens"), analysis.cost().toJson()}};
}

} // namespace pb

#include "generative/GenerativeSummaryJson.h"

#include "report/DistanceSummaryJson.h"
#include "report/StatisticJson.h"

#include <QJsonArray>

namespace pb {

QJsonObject GenerativeSummaryJson::build(const ReportContext& c, const GenerativeAnalysis& a)
{
    QList<QJsonObject> embedded;
    for (const GenerativeItemResult& r : a.items)
        embedded.append({{QStringLiteral("embedded"),
                          QJsonObject{{QStringLiteral("a"), r.embeddedA},
                                      {QStringLiteral("b"), r.embeddedB},
                                      {QStringLiteral("same_vs_same"), r.embeddedNoise}}},
                         {QStringLiteral("pairs"), r.counterfactualPairs},
                         {QStringLiteral("pairs_same_vs_same"), r.nullPairs},
                         {QStringLiteral("difference"),
                          r.comparable ? jsonNumber(r.difference) : QJsonValue(QJsonValue::Null)}});
    QJsonObject flags;
    for (const auto& [flag, count] : a.flags)
        flags.insert(flag, count);
    return DistanceSummaryJson::build(
        c, a, a.verdict,
        {QLatin1String(kFormat), QStringLiteral("generative"),
         QStringLiteral("cosine distance of embeddings against same-vs-same"),
         QStringLiteral("distance")},
        a.distanceItems(), embedded,
        {{QStringLiteral("embedding_model"), a.embeddingModel},
         {QStringLiteral("dimensions"), a.dimensions},
         {QStringLiteral("embedding_digests"), QJsonArray::fromStringList(a.embeddingDigests)},
         {QStringLiteral("calls_embedded"), a.callsEmbedded},
         {QStringLiteral("calls_flagged"), a.callsFlagged},
         {QStringLiteral("flags"), flags}});
}

} // namespace pb

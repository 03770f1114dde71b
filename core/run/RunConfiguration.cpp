#include "run/RunConfiguration.h"

#include "metrics/Metric.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace pb {

QJsonObject RunConfiguration::canonical(const ProbeDocument& doc)
{
    QJsonArray items;
    for (const ProbeItem& item : doc.items) {
        QJsonObject variants;
        for (auto it = item.variants.cbegin(); it != item.variants.cend(); ++it) {
            variants.insert(it.key(), it.value());
        }
        items.append(
            QJsonObject{{QStringLiteral("id"), item.id}, {QStringLiteral("variants"), variants}});
    }
    const QJsonObject settings = settingsJson(doc.settings);
    const MetricSpec& m = doc.metric;
    QJsonObject metric{
        {QStringLiteral("kind"), m.kind},
        {QStringLiteral("name"), m.name},
        {QStringLiteral("pattern"), m.pattern},
        {QStringLiteral("field"), m.field},
        {QStringLiteral("categories"), QJsonArray::fromStringList(m.categories)},
        {QStringLiteral("positive"), m.positive},
    };
    // Only a choice probe names these, so every numeric probe keeps the identity (and the
    // stored runs it resumes) it had before choice mode existed.
    if (m.isChoice()) {
        metric.insert(QStringLiteral("candidates"), QJsonArray::fromStringList(m.candidates));
        metric.insert(QStringLiteral("top_logprobs"), m.topLogprobs);
    }
    // The embedding model is the generative estimator's ruler: another one is another run.
    // Its endpoints are where the same model is served, as the chat endpoints are not part of
    // the identity either.
    if (m.isGenerative()) {
        metric.insert(QStringLiteral("embedding"),
                      QJsonObject{{QStringLiteral("model"), m.embeddingModel},
                                  {QStringLiteral("backend"), m.embeddingBackend}});
    }
    return QJsonObject{
        {QStringLiteral("attribute"),
         QJsonObject{{QStringLiteral("name"), doc.attribute.name},
                     {QStringLiteral("values"), QJsonArray::fromStringList(doc.attribute.values)}}},
        {QStringLiteral("items"), items},
        {QStringLiteral("settings"), settings},
        {QStringLiteral("metric"), metric},
        {QStringLiteral("noise_check"),
         QJsonObject{{QStringLiteral("enabled"), doc.noise.enabled},
                     {QStringLiteral("seed_offset"), QString::number(doc.noise.seedOffset)}}},
    };
}

QJsonObject RunConfiguration::settingsJson(const ProbeSettings& s)
{
    QJsonArray seeds;
    for (const qint64 seed : s.seeds) {
        seeds.append(QString::number(seed)); // text: a double would round seeds past 2^53
    }
    QJsonObject settings{
        {QStringLiteral("backend"), s.backend},
        {QStringLiteral("model"), s.model},
        {QStringLiteral("temperature"), s.temperature},
        {QStringLiteral("seeds"), seeds},
        {QStringLiteral("system"), s.system},
        {QStringLiteral("placement"), static_cast<int>(s.placement)},
        {QStringLiteral("separator"), s.separator},
        {QStringLiteral("max_tokens"), s.maxTokens ? QJsonValue(*s.maxTokens) : QJsonValue()},
        {QStringLiteral("context_length"),
         s.contextLength ? QJsonValue(*s.contextLength) : QJsonValue()},
    };
    if (s.backend == QLatin1String("stand-in")) {
        settings.insert(QStringLiteral("planted_gap"), s.plantedGap);
    }
    return settings;
}

QString RunConfiguration::hash(const ProbeDocument& doc)
{
    return RunIdentity::hashOf(canonical(doc));
}

RunIdentity RunConfiguration::identity(const ProbeDocument& doc, const QString& probeJson)
{
    RunRecord run;
    run.title = doc.title;
    run.probeJson = probeJson;
    run.backend = doc.settings.backend;
    run.model = doc.settings.model;
    run.metricName = doc.metric.name;
    run.metricDefinition = metricDefinition(doc.metric);
    return RunIdentity(canonical(doc), run);
}

} // namespace pb

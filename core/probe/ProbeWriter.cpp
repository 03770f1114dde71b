#include "probe/ProbeWriter.h"

#include "probe/BackendSettingsWriter.h"
#include "probe/ProbePrompt.h"
#include "probe/SeedList.h"
#include "probe/WholeFile.h"

#include <nlohmann/json.hpp>

namespace pb {

namespace {

using ojson = nlohmann::ordered_json;

std::string utf8(const QString& text)
{
    return text.toStdString();
}

ojson stringList(const QStringList& list)
{
    ojson out = ojson::array();
    for (const QString& s : list) {
        out.push_back(utf8(s));
    }
    return out;
}

QString seedsText(const ProbeSettings& settings)
{
    const SeedList::Parsed typed = SeedList::parse(settings.seedsText);
    if (typed.ok() && typed.seeds == settings.seeds) {
        return settings.seedsText;
    }
    return SeedList::format(settings.seeds);
}

} // namespace

ojson ProbeWriter::itemJson(const ProbeItem& item, const QStringList& values)
{
    ojson out = ojson::object();
    out["id"] = utf8(item.id);
    ojson variants = ojson::object();
    for (const QString& value : values) {
        if (item.variants.contains(value)) {
            variants[utf8(value)] = utf8(item.variants.value(value));
        }
    }
    for (auto it = item.variants.constBegin(); it != item.variants.constEnd(); ++it) {
        if (!values.contains(it.key())) {
            variants[utf8(it.key())] = utf8(it.value());
        }
    }
    out["variants"] = variants;
    if (!item.note.isEmpty()) {
        out["note"] = utf8(item.note);
    }
    if (!item.facts.isEmpty()) {
        out["facts"] = stringList(item.facts);
    }
    return out;
}

ojson ProbeWriter::settingsJson(const ProbeSettings& s, bool withPlantedGap)
{
    const ProbeSettings defaults;
    ojson out = ojson::object();
    BackendSettingsWriter::writeModel(s, &out);
    out["seeds"] = utf8(seedsText(s));
    out["system"] = utf8(s.system);
    out["system_placement"] = utf8(ProbePrompt::placementName(s.placement));
    if (s.separator != defaults.separator) {
        out["separator"] = utf8(s.separator);
    }
    if (withPlantedGap &&
        (s.backend == QLatin1String("stand-in") || s.plantedGap != defaults.plantedGap)) {
        out["planted_gap"] = s.plantedGap;
    }
    BackendSettingsWriter::writeConnection(s, &out);
    if (s.stream != defaults.stream) {
        out["stream"] = s.stream;
    }
    return out;
}

ojson ProbeWriter::noiseCheckJson(const NoiseCheck& noise)
{
    return {{"enabled", noise.enabled}, {"seed_offset", noise.seedOffset}};
}

ojson ProbeWriter::metricJson(const MetricSpec& m)
{
    ojson out = ojson::object();
    out["kind"] = utf8(m.kind);
    out["name"] = utf8(m.name);
    if (!m.pattern.isEmpty()) {
        out["pattern"] = utf8(m.pattern);
    }
    if (!m.field.isEmpty()) {
        out["field"] = utf8(m.field);
    }
    if (!m.categories.isEmpty()) {
        out["categories"] = stringList(m.categories);
    }
    if (!m.positive.isEmpty()) {
        out["positive"] = utf8(m.positive);
    }
    if (!m.candidates.isEmpty()) {
        out["candidates"] = stringList(m.candidates);
    }
    if (m.isChoice()) {
        out["top_logprobs"] = m.topLogprobs;
    }
    if (!m.embeddingModel.isEmpty() || !m.embeddingBackend.isEmpty() ||
        !m.embeddingEndpoints.isEmpty()) {
        ojson embedding = ojson::object();
        embedding["model"] = utf8(m.embeddingModel);
        if (!m.embeddingBackend.isEmpty()) {
            embedding["backend"] = utf8(m.embeddingBackend);
        }
        if (!m.embeddingEndpoints.isEmpty()) {
            embedding["endpoints"] = stringList(m.embeddingEndpoints);
        }
        out["embedding"] = embedding;
    }
    if (!m.description.isEmpty()) {
        out["description"] = utf8(m.description);
    }
    return out;
}

QByteArray ProbeWriter::toJson(const ProbeDocument& document)
{
    ojson root = ojson::object();
    root["format"] = ProbeDocument::kFormat;
    root["title"] = utf8(document.title);
    if (!document.description.isEmpty()) {
        root["description"] = utf8(document.description);
    }
    root["attribute"] = {{"name", utf8(document.attribute.name)},
                         {"values", stringList(document.attribute.values)}};
    ojson items = ojson::array();
    for (const ProbeItem& i : document.items) {
        items.push_back(itemJson(i, document.attribute.values));
    }
    root["items"] = items;
    root["settings"] = settingsJson(document.settings);
    root["metric"] = metricJson(document.metric);
    root["noise_check"] = noiseCheckJson(document.noise);
    return fileBytes(root);
}

bool ProbeWriter::writeFile(const ProbeDocument& document, const QString& path, QString* error)
{
    return WholeFile::write(path, toJson(document), error);
}

QByteArray ProbeWriter::fileBytes(const ojson& root)
{
    // QString always holds valid UTF-16, so its UTF-8 is valid and dump() cannot throw.
    const std::string text = root.dump(2, ' ', false, ojson::error_handler_t::replace) + '\n';
    return QByteArray(text.data(), qsizetype(text.size()));
}

} // namespace pb

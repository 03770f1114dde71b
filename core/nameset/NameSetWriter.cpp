#include "nameset/NameSetWriter.h"

#include "nameset/NameSetReader.h"
#include "probe/ProbeWriter.h"
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
    for (const QString& s : list)
        out.push_back(utf8(s));
    return out;
}

ojson names(const QList<NameEntry>& entries)
{
    ojson out = ojson::array();
    for (const NameEntry& e : entries) {
        ojson entry = ojson::object();
        entry["name"] = utf8(e.name);
        entry["group"] = utf8(e.group);
        if (!e.fields.isEmpty()) {
            ojson fields = ojson::object();
            for (auto it = e.fields.cbegin(); it != e.fields.cend(); ++it)
                fields[utf8(it.key())] = utf8(it.value());
            entry["fields"] = fields;
        }
        out.push_back(entry);
    }
    return out;
}

ojson standIn(const NameSetStandIn& s)
{
    const NameSetStandIn defaults;
    ojson shifts = ojson::object();
    for (auto it = s.groupShift.cbegin(); it != s.groupShift.cend(); ++it)
        shifts[utf8(it.key())] = it.value();
    ojson out = ojson::object();
    out["group_shift"] = shifts;
    out["malformed_rate"] = s.malformedRate;
    if (s.scoreSpread != defaults.scoreSpread)
        out["score_spread"] = s.scoreSpread;
    return out;
}

} // namespace

QByteArray NameSetWriter::toJson(const NameSetDocument& doc)
{
    const NameSetDocument defaults;
    ojson root = ojson::object();
    root["format"] = "probebench/" + std::string(NameSetReader::kKind) + "@" +
                     std::to_string(NameSetDocument::kVersion);
    root["title"] = utf8(doc.title);
    if (!doc.description.isEmpty())
        root["description"] = utf8(doc.description);
    root["task"] = utf8(doc.task);
    root["document"] = utf8(doc.document);
    if (!doc.prompt.isEmpty())
        root["prompt"] = utf8(doc.prompt);
    root["names"] = names(doc.names);
    root["decisions"] = {{"values", stringList(doc.decisions.values)},
                         {"favourable", stringList(doc.decisions.favourable)}};
    root["score"] = {{"min", doc.score.min}, {"max", doc.score.max}};
    if (!doc.constraints.isEmpty())
        root["constraints"] = stringList(doc.constraints);
    if (doc.structuredOutput != defaults.structuredOutput)
        root["structured_output"] = doc.structuredOutput;
    root["settings"] = ProbeWriter::settingsJson(doc.settings, false);
    root["noise_check"] = ProbeWriter::noiseCheckJson(doc.noise);
    if (doc.settings.isStandIn() || !(doc.standIn == defaults.standIn))
        root["stand_in"] = standIn(doc.standIn);
    return ProbeWriter::fileBytes(root);
}

bool NameSetWriter::writeFile(const NameSetDocument& doc, const QString& path, QString* error)
{
    return WholeFile::write(path, toJson(doc), error);
}

} // namespace pb

#include "axes/AxesWriter.h"

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

// Whether the file needs its "stand_in" section: the stand-in reads it, and a knob set on
// another backend is kept (the reader warns it is ignored there, and keeps it).
bool writesKnobs(const AxesDocument& doc)
{
    if (doc.settings.backend == QLatin1String("stand-in"))
        return true;
    for (const AxisSpec& a : doc.axes) {
        if (a.plantedGap != 0.0 || a.noise != 1.0)
            return true;
    }
    return false;
}

} // namespace

QByteArray AxesWriter::toJson(const AxesDocument& doc)
{
    ojson root = ojson::object();
    root["format"] = "probebench/axes@1";
    root["title"] = utf8(doc.title);
    if (!doc.description.isEmpty())
        root["description"] = utf8(doc.description);
    root["base"] = utf8(doc.base);
    ojson axes = ojson::array();
    QStringList values{doc.base};
    for (const AxisSpec& a : doc.axes) {
        axes.push_back({{"attribute", utf8(a.attribute)}, {"value", utf8(a.value)}});
        values << a.value;
    }
    root["axes"] = axes;
    ojson items = ojson::array();
    for (const ProbeItem& item : doc.items)
        items.push_back(ProbeWriter::itemJson(item, values));
    root["items"] = items;
    root["settings"] = ProbeWriter::settingsJson(doc.settings, false);
    root["metric"] = ProbeWriter::metricJson(doc.metric);
    root["noise_check"] = ProbeWriter::noiseCheckJson(doc.noise);
    if (writesKnobs(doc)) {
        ojson planted = ojson::object();
        ojson noise = ojson::object();
        for (const AxisSpec& a : doc.axes) {
            planted[utf8(a.value)] = a.plantedGap;
            noise[utf8(a.value)] = a.noise;
        }
        root["stand_in"] = {{"planted_gap", planted}, {"noise", noise}};
    }
    return ProbeWriter::fileBytes(root);
}

bool AxesWriter::writeFile(const AxesDocument& doc, const QString& path, QString* error)
{
    return WholeFile::write(path, toJson(doc), error);
}

} // namespace pb

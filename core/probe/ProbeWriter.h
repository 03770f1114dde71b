#pragma once

#include "probe/ProbeDocument.h"

#include <QByteArray>
#include <QString>
#include <nlohmann/json.hpp>

namespace pb {

// Writes "probebench/probe@1" JSON that ProbeReader reads back to an equal document.
// Keys come in a fixed order, indented by two spaces. Seeds are written as the text the
// student typed (seedsText) while it still describes the same seeds, otherwise in the
// shortest range form. Settings at their default are left out, except the ones a reader
// of the file should always see (backend, model, temperature, seeds, system, placement).
class ProbeWriter
{
public:
    static QByteArray toJson(const ProbeDocument& document);
    // Replaces the file atomically. On failure returns false and says why in *error.
    static bool writeFile(const ProbeDocument& document, const QString& path, QString* error);

    // The "settings" and "noise_check" objects as a model probe writes them, for every kind
    // that holds a model probe's settings. withPlantedGap: the kind's stand-in reads
    // planted_gap (a name set's does not).
    static nlohmann::ordered_json settingsJson(const ProbeSettings& settings,
                                               bool withPlantedGap = true);
    static nlohmann::ordered_json noiseCheckJson(const NoiseCheck& noise);
    // One item, its variants in the order of values (any others after), and the "metric"
    // object, as a model probe writes them, for every kind that holds a model probe's items.
    static nlohmann::ordered_json itemJson(const ProbeItem& item, const QStringList& values);
    static nlohmann::ordered_json metricJson(const MetricSpec& metric);
    // A document's file bytes, as every kind's writer gives them: its keys in the order
    // written, two-space indentation and a final newline.
    static QByteArray fileBytes(const nlohmann::ordered_json& root);
};

} // namespace pb

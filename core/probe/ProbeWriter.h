#pragma once

#include "probe/ProbeDocument.h"

#include <QByteArray>
#include <QString>

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
};

} // namespace pb

#pragma once

#include "nameset/NameSetDocument.h"

#include <QByteArray>
#include <QString>

namespace pb {

// Writes probebench/name-set@1 JSON that NameSetReader reads back to an equal document, keys
// in the order of docs/name-set-format.md and the shipped example, indented by two spaces.
// The settings and the noise check are written as a model probe writes them (ProbeWriter);
// optional keys at their default are left out, except "stand_in" on the stand-in backend.
class NameSetWriter
{
public:
    static QByteArray toJson(const NameSetDocument& doc);
    // Replaces the file whole or not at all (WholeFile); false with the reason in *error.
    static bool writeFile(const NameSetDocument& doc, const QString& path, QString* error);
};

} // namespace pb

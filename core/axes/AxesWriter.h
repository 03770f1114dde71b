#pragma once

#include "axes/AxesDocument.h"

#include <QByteArray>
#include <QString>

namespace pb {

// Writes "probebench/axes@1" JSON that AxesReader reads back to an equal document: the items,
// settings, metric and noise check by ProbeWriter's own pieces (so a key is written as a model
// probe writes it), each item's texts in the order base then axes, and "stand_in" with every
// axis's planted gap and noise when the backend is the stand-in or an axis has a knob set.
class AxesWriter
{
public:
    static QByteArray toJson(const AxesDocument& document);
    // Replaces the file atomically. On failure returns false and says why in *error.
    static bool writeFile(const AxesDocument& document, const QString& path, QString* error);
};

} // namespace pb

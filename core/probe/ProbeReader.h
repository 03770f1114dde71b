#pragma once

#include "probe/FileFormat.h"
#include "probe/ProbeLoadResult.h"

#include <QByteArray>
#include <QString>

namespace pb {

// Loads "probebench/probe@1" files (docs/probe-format.md). Checks the whole file and
// reports every problem, each named by its path ("items[3].variants.casual: missing");
// unknown keys are warnings. Never throws and never crashes, whatever the bytes.
class ProbeReader
{
public:
    static constexpr qint64 kMaxFileBytes = FileFormat::kMaxFileBytes;

    // Problems are prefixed with the file's name (not its folder).
    static ProbeLoadResult readFile(const QString& path);
    static ProbeLoadResult parse(const QByteArray& json, const QString& sourceName);
};

} // namespace pb

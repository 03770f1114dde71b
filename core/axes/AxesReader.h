#pragma once

#include "axes/AxesDocument.h"
#include "probe/FileFormat.h"
#include "probe/FileProblems.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace pb {

// What loading a probe of several axes produced: every problem, and the document only when
// none is an error.
struct AxesLoadResult : FileProblems
{
    std::optional<AxesDocument> document;

    bool ok() const { return document.has_value(); }
};

// Reads probebench/axes@1 (docs/axes-format.md). The items, settings, metric and noise check are
// read by the model probe's own readers (ProbeReader's items and metric, ProbeSettingsReader,
// NoiseCheckReader), so a key means and is refused the same there and here; every problem is
// named by its path ("axes[1].value: repeats \"casual\" of axes[0]").
class AxesReader
{
public:
    static constexpr qint64 kMaxFileBytes = FileFormat::kMaxFileBytes;

    static AxesLoadResult readFile(const QString& path);
    static AxesLoadResult parse(const QByteArray& bytes, const QString& sourceName);
};

} // namespace pb

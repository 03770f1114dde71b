#pragma once

#include "probe/FileFormat.h"
#include "probe/JsonFieldReader.h"
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

    // The model probe's own readers of two of its parts, for a kind built on the model probe
    // (a probe of several axes) to read them exactly as a probe file is read: "metric" of the
    // object top reads (validated as validateMetricSpec does), and "items", each with one
    // variant per value and every problem named by its path.
    static void readMetricIn(JsonFieldReader& top, MetricSpec* out, QList<ProbeProblem>* problems);
    static void readItemsIn(JsonFieldReader& top, const QStringList& values, QList<ProbeItem>* out,
                            QList<ProbeProblem>* problems);
};

} // namespace pb

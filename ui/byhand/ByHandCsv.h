#pragma once

#include "byhand/ByHandEntry.h"

#include <QByteArray>
#include <QList>
#include <QStringList>

namespace pb {

struct ImportedLog;

// A by-hand sheet as the tutorial's spreadsheet: columns run_id, time, model, temperature,
// seed, item, variant, prompt, reply and the metric (e.g. steps), written with CsvTable
// (free text protected from formula evaluation) and read back with CsvLogReader, so a sheet
// filled in a spreadsheet program comes back in with the same values.
class ByHandCsv
{
public:
    static QStringList header(const QString& metricName);
    static QByteArray toCsv(const QList<ByHandEntry>& entries, const QString& metricName);
    // Rows in file order. Entries carry no message (the sheet re-derives it from the probe).
    static bool fromCsv(const QByteArray& utf8, const QString& sourceName,
                        const QString& metricName, QList<ByHandEntry>* entries,
                        QStringList* warnings, QString* error);
    // The filled entries as a log the analysis reads (ProbeAnalysis::fromImportedLog).
    static ImportedLog toImportedLog(const QList<ByHandEntry>& entries, const QString& metricName,
                                     const QString& sourceName);
};

} // namespace pb

#pragma once

#include "store/LoggedCall.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace pb {

// The CSV evidence log in the tutorial's columns: time, model, temperature, item, variant,
// seed, prompt, reply, then the metric under its own name (e.g. "steps"), then run_id,
// status and flags. UTF-8, RFC 4180 quoting, CRLF line ends. Free-text cells carry no raw
// control characters (CsvTable::escapeControls writes them as \xHH) and those a spreadsheet
// would evaluate as a formula are neutralised with a leading apostrophe (see
// CsvTable::neutraliseFormula); CsvLogReader undoes both. writeFile writes the file whole
// (WholeFile) or leaves the previous one.
class CsvLogWriter
{
public:
    static QStringList header(const QString& metricName);
    // rowFlag, when given, is added to every row's flags (a salvaged log marks its rows).
    static QByteArray toCsv(const QList<LoggedCall>& calls, const QString& metricName,
                            const QString& rowFlag = QString());
    static bool writeFile(const QString& path, const QList<LoggedCall>& calls,
                          const QString& metricName, QString* error);
    // Shortest text that reads back as the same double ("0.8", "3", "2.5").
    static QString formatNumber(double value);
};

} // namespace pb

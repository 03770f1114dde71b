#pragma once

#include "probe/WholeFile.h"
#include "store/LoggedCall.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace pb {

class RunStore;

// The CSV evidence log in the tutorial's columns: time, model, temperature, item, variant,
// seed, prompt, reply, then the metric under its own name (e.g. "steps"), then run_id,
// status, flags, input_tokens and output_tokens (the server's counts, empty when it reported
// none). UTF-8, RFC 4180 quoting, CRLF line ends. Free-text cells carry no raw
// control characters (CsvTable::escapeControls writes them as \xHH) and those a spreadsheet
// would evaluate as a formula are neutralised with a leading apostrophe (see
// CsvTable::neutraliseFormula); CsvLogReader undoes both. writeFile writes the file whole
// (WholeFile) or leaves the previous one.
class CsvLogWriter
{
public:
    // With a choice probe's candidates, the metric column holds the reply read as a candidate
    // and is followed by choice_source ("logprobs" or "sampled"), p_<candidate> for each
    // candidate and outside_mass (both empty for a sampled reading), from the call's reading.
    static QStringList header(const QString& metricName, const QStringList& candidates = {});
    // rowFlag, when given, is added to every row's flags (a salvaged log marks its rows).
    static QByteArray toCsv(const QList<LoggedCall>& calls, const QString& metricName,
                            const QString& rowFlag = QString(), const QStringList& candidates = {});
    static bool writeFile(const QString& path, const QList<LoggedCall>& calls,
                          const QString& metricName, QString* error);
    // The log of a stored run as one file of a WholeFile group, its rows made as the store
    // hands the calls over (RunStore::eachCall), so no more than a megabyte of it is held:
    // the same bytes toCsv makes from the same calls. A read that fails part-way fails the
    // file with the store's reason. The store must outlive the part.
    static WholeFile::Part storedLog(const QString& path, const RunStore& store, qint64 runId,
                                     const QString& metricName, const QStringList& candidates = {});
    // A generative probe's log: in place of the metric column, embedding_model (the model
    // that answered the embedding call) and embedding_dims, both empty for a row with no
    // usable vector; the vectors themselves stay in the store.
    static QStringList generativeHeader();
    // That log made from calls in hand (a salvaged store's): the bytes storedGenerativeLog
    // makes from the same calls, rowFlag added to every row's flags as toCsv does.
    static QByteArray toGenerativeCsv(const QList<LoggedCall>& calls,
                                      const QString& rowFlag = QString());
    static WholeFile::Part storedGenerativeLog(const QString& path, const RunStore& store,
                                               qint64 runId);
    static bool writeStored(const QString& path, const RunStore& store, qint64 runId,
                            const QString& metricName, QString* error);
    // A token count's cell: the number, or empty when unknown (never 0 for unknown).
    static QString countCell(const std::optional<qint64>& count);
    // Shortest text that reads back as the same double ("0.8", "3", "2.5").
    static QString formatNumber(double value);

private:
    static QStringList headerWith(QStringList score, const QStringList& candidates);
    static WholeFile::Part storedLogOf(const QString& path, const RunStore& store, qint64 runId,
                                       const QStringList& head, const QStringList& candidates,
                                       bool generative);
};

} // namespace pb

#pragma once

#include "choice/ChoiceReading.h"
#include "run/TokenTotals.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// One scored row read back from a CSV log.
struct ImportedRow
{
    int line = 0;
    QString itemId;
    QString variant;
    QString seed; // as written; by-hand sheets may leave it empty
    QString model;
    QString temperature;
    QString prompt;
    QString reply;
    std::optional<double> value;         // empty: failed call, flagged reply or cell left blank
    QString status;                      // "ok", "failed", or empty in a by-hand sheet
    TokenCount tokens;                   // input_tokens, output_tokens; each absent when empty
    std::optional<ChoiceReading> choice; // a choice log's reading; empty for a failed call
};

struct ImportedLog
{
    QString file;
    QString metricName;
    QStringList candidates; // a choice probe's log (ChoiceLogColumns): its candidates; else empty
    QStringList variants;   // in order of first appearance, noise labels included
    QList<ImportedRow> rows;
    QStringList warnings;
    // Whether the log has the input_tokens and output_tokens columns (a by-hand sheet has
    // neither), and the rows' counts summed as a run's summary sums its calls'.
    bool hasTokenColumns = false;
    TokenTotals tokens;

    bool isChoiceLog() const { return !candidates.isEmpty(); }
    // The two values to compare: the requested pair ("--values A,B"), each of which must have
    // rows, or else the first two variants that are not a noise arm (ProbeDocument::noiseLabelFor).
    // False with the reason, naming the file, when there are not two.
    bool comparedValues(const QStringList& requested, QString* a, QString* b, QString* error) const;
};

// Reads a CSV log back for analysis: the workbench's own export, or a sheet filled by hand
// in the tutorial's columns (run_id, time, model, temperature, seed, item, variant, prompt,
// reply, steps). Columns are found by name in any order. A metric cell that is not a
// number is an error naming file, line and column; an empty cell is "not scored" and is
// counted, never read as 0. A token cell is empty (unknown) or a whole count from 0 to
// TokenCount::kMostPerCall; anything else is an error naming file, line and column. A choice
// probe's log (a `choice_source` column) is read with its choice cells (ChoiceLogColumns) into
// each row's reading; its metric cells are candidates, not numbers.
class CsvLogReader
{
public:
    // A log is read whole into memory (several times its size while parsing): one larger than
    // this is refused with its size, like an oversized probe, rather than exhausting memory.
    static constexpr qint64 kMaxFileBytes = 64 * 1024 * 1024;

    // metricColumn empty: "steps" if present, else the one column that is not a known log
    // column.
    static bool read(const QString& path, const QString& metricColumn, ImportedLog* log,
                     QString* error);
    static bool parse(const QByteArray& utf8, const QString& sourceName,
                      const QString& metricColumn, ImportedLog* log, QString* error);
};

} // namespace pb

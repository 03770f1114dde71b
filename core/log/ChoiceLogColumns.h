#pragma once

#include "choice/ChoiceReading.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// Where a choice probe's log (CsvLogWriter with candidates) keeps its choice cells: the metric
// column holds the reply read as a candidate, then `choice_source`, one `p_<candidate>` column
// per candidate in the probe's order and `outside_mass`. Reading them back gives each row the
// ChoiceReading the run recorded, less the note saying why a call had no log probabilities,
// which the log does not keep.
struct ChoiceLogColumns
{
    QString metric;
    QStringList candidates;
    int answer = -1;
    int source = -1;
    QList<int> probabilities; // one per candidate
    int outside = -1;

    // Nullopt when the header has no `choice_source` column (a numeric log); otherwise the
    // columns, or an error naming what is missing or out of place.
    static std::optional<ChoiceLogColumns> find(const QStringList& header, QString* error,
                                                bool* isChoiceLog);

    // One row's reading from its cells (as read, text cells unescaped). Nullopt with an empty
    // problem when the row has none (a failed call); nullopt with the problem naming the
    // column when a cell is not what the writer writes.
    std::optional<ChoiceReading> read(const QStringList& cells, QString* problem) const;
};

} // namespace pb

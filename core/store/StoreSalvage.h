#pragma once

#include "store/LoggedCall.h"
#include "store/RunRecord.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// What can still be read from a store, damaged or not, for `probebench salvage`. The file is
// opened read-only and never written. Calls are read in the order they were stored; where a
// damaged page stops the reading, it goes on past the damage (skipping ahead by row), so the
// rows after it are not lost with it. Nothing read is changed or guessed.
class StoreSalvage
{
public:
    struct Result
    {
        QList<RunRecord> runs;    // the run records that could be read
        qint64 runId = 0;         // the run the calls are from
        QList<LoggedCall> calls;  // its calls that could be read, in plan order
        QStringList findings;     // what SQLite's integrity check reported; empty when whole
        QStringList readFailures; // each read that stopped on damage, as SQLite said it
        bool whole() const { return findings.isEmpty() && readFailures.isEmpty(); }
    };

    // Reads run runId (the latest run when empty) from the store at path. False, with *error
    // naming the file, only when it cannot be opened at all or is not a store.
    static bool read(const QString& path, std::optional<qint64> runId, Result* out, QString* error);
};

} // namespace pb

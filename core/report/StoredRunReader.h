#pragma once

#include "report/RunEvidence.h"

#include <QString>
#include <optional>

namespace pb {

class RunStore;

// Reads a run from a store and builds its evidence: the one way the CLI and the window turn
// stored calls into numbers, so both show the same for the same store. Metric values are
// analysed under the run's metric name as stored (a re-scoring renames it), items in the
// probe's order, and the report's context carries the run's events.
class StoredRunReader
{
public:
    // Through an open store, on the thread that opened it. Empty, with *error naming the
    // store and the run, when the run is not there or its probe cannot be read.
    static std::optional<RunEvidence> read(const RunStore& store, qint64 runId, QString* error);
    // Through a connection of its own to storePath, for any thread; each read sees every
    // call committed before it starts.
    static std::optional<RunEvidence> read(const QString& storePath, qint64 runId, QString* error);
};

} // namespace pb

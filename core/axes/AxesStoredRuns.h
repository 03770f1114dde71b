#pragma once

#include "axes/AxesComparison.h"
#include "axes/AxesDocument.h"
#include "report/RunEvidence.h"
#include "run/RunProgress.h"

#include <QList>
#include <QString>
#include <optional>

namespace pb {

class RunStore;

// How one axis's unit of a session ended, as RunSession reports it.
struct AxisRunEnd
{
    qint64 runId = 0;                  // 0: it got no run
    std::optional<RunOutcome> outcome; // empty: it never finished (or never started)
    QString message;
};

// Each axis's stored run read back and the axes compared: the one way the CLI (and any other
// reader) turns a session of axes into its result.
struct AxesRunRead
{
    QList<std::optional<RunEvidence>> evidence; // per axis; empty for an axis without a run
    AxesComparison comparison;
};

class AxesStoredRuns
{
public:
    // ends: one per axis, in order. Each axis's run is read by StoredRunReader, costed at the
    // document's prices. Empty with *error when the store refuses a read (an axis without a run
    // is no error: it is missing from the comparison, with why).
    static std::optional<AxesRunRead> read(const RunStore& store, const AxesDocument& doc,
                                           const QList<AxisRunEnd>& ends, QString* error);
};

} // namespace pb

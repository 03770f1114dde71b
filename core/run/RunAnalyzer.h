#pragma once

#include "run/RunProgress.h"
#include "store/LoggedCall.h"

#include <QList>
#include <QMetaType>
#include <memory>

namespace pb {

// What a kind of probe concludes from its calls so far, as one immutable value a results
// page can hold and a results writer can render. Kinds derive their own.
class RunResults
{
public:
    virtual ~RunResults() = default;
};

using RunResultsPtr = std::shared_ptr<const RunResults>;

// Builds a kind's results incrementally from the calls of its run units as they are
// recorded (the stored calls of a resumed run first). add() keeps only what the analysis
// needs from each call, so it does not grow with the replies' size; results() is linear in
// the calls held, never in the calls times the snapshots already taken.
class RunAnalyzer
{
public:
    virtual ~RunAnalyzer() = default;
    // unit: index in the session's units; runId: the store's run for that unit.
    virtual void add(int unit, qint64 runId, const QList<LoggedCall>& calls) = 0;
    // A unit ended as RunSession reports it (also one that could not start); results are
    // published right after, so a kind of several units can show each one as it ends.
    virtual void unitFinished(int /*unit*/, RunOutcome /*outcome*/, const QString& /*message*/) {}
    virtual RunResultsPtr results() const = 0;
};

} // namespace pb

Q_DECLARE_METATYPE(pb::RunResultsPtr)

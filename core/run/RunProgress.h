#pragma once

#include <QMetaType>
#include <optional>

namespace pb {

// A snapshot of a run, sent to the CLI and the GUI a few times a second.
struct RunProgress
{
    int total = 0;   // calls in the plan
    int resumed = 0; // answered in an earlier session and not called again
    int ok = 0;      // answered in this session
    int failed = 0;  // gave up after every allowed try, in this session
    int inFlight = 0;
    bool paused = false;
    double callsPerMinute = 0.0;
    std::optional<double> etaSeconds;

    int done() const { return resumed + ok + failed; }
    int remaining() const { return total - done(); }
};

enum class RunOutcome
{
    Completed,  // every call answered
    Incomplete, // finished, but some calls failed for good (they are flagged, not filled)
    Cancelled,  // stopped by the user; what was answered is kept
    Stopped     // stopped by a fatal problem (server gone, model changed, store unwritable)
};

} // namespace pb

Q_DECLARE_METATYPE(pb::RunProgress)
Q_DECLARE_METATYPE(pb::RunOutcome)

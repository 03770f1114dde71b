#pragma once

#include "run/RunProgress.h"

#include <QElapsedTimer>
#include <QString>
#include <functional>

namespace pb {
class RunSession;
}

namespace pb::cli {

// Runs a RunSession (the units of any kind of probe, one after another) on the main thread's
// event loop until it finishes, the way the CLI shows every run: a line when each unit starts,
// a progress line on stderr at most once a second and once at the end (none when quiet), and
// Ctrl-C cancels, keeping what was answered so a rerun resumes.
class RunConsole
{
public:
    // The line for a unit that starts (or resumes) as the store's run runId.
    using StartLine = std::function<QString(int unit, qint64 runId, bool resumed)>;

    RunConsole(bool quiet, StartLine start) : m_quiet(quiet), m_start(std::move(start)) {}

    // Returns how the session ended; *message gets its closing message (a line per unit that
    // said something).
    RunOutcome run(RunSession& session, QString* message);

    // "120/480 calls (40 from an earlier session), 2 failed, 300 calls/min, about 50 s left",
    // with the unit's word for its calls.
    static QString progressLine(const RunProgress& p, const QString& calls);

private:
    int publishInterval() const { return m_quiet ? 1000 : 250; }
    void show(const RunProgress& p, const QString& calls);
    void announceCancel() const;

    bool m_quiet;
    StartLine m_start;
    QElapsedTimer m_sincePrint;
    int m_lastPrinted = -1;
};

} // namespace pb::cli

#pragma once

#include "InterruptWatch.h"
#include "run/RunProgress.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <functional>

namespace pb::cli {

// Runs one runner (ProbeRunner, JudgeRunner) on the main thread's event loop until it
// finishes, the way the CLI shows every run: a progress line on stderr at most once a second
// and once at the end (none when quiet), and Ctrl-C cancels, keeping what was answered so a
// rerun resumes.
class RunConsole
{
public:
    using ProgressLine = std::function<QString(const RunProgress&)>;

    RunConsole(bool quiet, ProgressLine line) : m_quiet(quiet), m_line(std::move(line)) {}

    // Returns how the run ended; *message gets the runner's closing message.
    template <class Runner> RunOutcome run(Runner& runner, QString* message);

private:
    int publishInterval() const { return m_quiet ? 1000 : 250; }
    void startWatching();
    void show(const RunProgress& p);
    void announceCancel() const;

    bool m_quiet;
    ProgressLine m_line;
    QElapsedTimer m_sincePrint;
    int m_lastPrinted = -1;
};

template <class Runner> RunOutcome RunConsole::run(Runner& runner, QString* message)
{
    runner.setPublishInterval(publishInterval());
    // The context of every connection below, so none outlives this call (the runner may).
    QObject session;
    InterruptWatch interrupts;
    QObject::connect(&interrupts, &InterruptWatch::interrupted, &session, [&] {
        announceCancel();
        runner.cancel();
    });
    startWatching();
    QObject::connect(&runner, &Runner::progressChanged, &session,
                     [this](const RunProgress& p) { show(p); });
    RunOutcome outcome = RunOutcome::Completed;
    QObject::connect(&runner, &Runner::finished, &session, [&](RunOutcome o, const QString& text) {
        outcome = o;
        *message = text;
        QCoreApplication::exit(0);
    });
    QMetaObject::invokeMethod(&runner, &Runner::start, Qt::QueuedConnection);
    QCoreApplication::exec();
    return outcome;
}

} // namespace pb::cli

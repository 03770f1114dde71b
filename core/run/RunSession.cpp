#include "run/RunSession.h"

#include "backends/ModelBackend.h"
#include "run/ReplyHandler.h"
#include "run/Runner.h"
#include "store/RunStore.h"

#include <QMetaMethod>
#include <algorithm>

namespace pb {
namespace {

// A unit's message as the session reports it: with the unit's name when it has one.
QString said(const RunUnit& unit, const QString& message)
{
    return unit.name.isEmpty() ? message : QStringLiteral("%1: %2").arg(unit.name, message);
}

// How bad an outcome is, for the outcome of several units run in a row.
int severity(RunOutcome outcome)
{
    switch (outcome) {
    case RunOutcome::Completed:
        return 0;
    case RunOutcome::Incomplete:
        return 1;
    case RunOutcome::Stopped:
        return 2;
    case RunOutcome::Cancelled:
        return 3;
    }
    return 0;
}

} // namespace

RunSession::RunSession(RunStore* store, QList<RunUnit> units, std::unique_ptr<RunAnalyzer> analyzer,
                       QObject* parent)
    : QObject(parent), m_store(store), m_units(std::move(units)), m_analyzer(std::move(analyzer)),
      m_runIds(m_units.size(), 0)
{
    if (m_analyzer) {
        m_results = m_analyzer->results();
    }
}

RunSession::~RunSession()
{
    teardown();
}

void RunSession::teardown()
{
    if (m_runner) {
        m_runner->disconnect(this);
    }
    m_runner.reset();
    m_replies.reset();
    m_backend.reset();
}

bool RunSession::checkBackends(const QList<RunUnit>& units, QString* error)
{
    for (const RunUnit& unit : units) {
        QString why;
        if (unit.runs && !unit.backend(RecordedDigests(), &why)) {
            *error =
                unit.name.isEmpty() ? QStringLiteral("settings: %1").arg(why) : said(unit, why);
            return false;
        }
    }
    return true;
}

void RunSession::start()
{
    if (m_started) {
        return;
    }
    m_started = true;
    m_sinceAnalysis.start();
    // The units not run lend their stored calls first, so every analysis covers them too.
    bool any = false;
    for (int i = 0; i < m_units.size(); ++i) {
        any = any || m_units.at(i).runs;
        if (!m_units.at(i).runs) {
            readOnly(i);
        }
    }
    if (!any) {
        m_outcome = RunOutcome::Stopped;
        m_messages << QStringLiteral("nothing to run");
    }
    startNext();
}

void RunSession::startNext()
{
    teardown();
    m_current = -1;
    if (m_cancelled || m_next >= m_units.size()) {
        if (!m_finished) {
            m_finished = true;
            publishResults();
            Q_EMIT finished(m_outcome, m_messages.join(QLatin1Char('\n')));
        }
        return;
    }
    if (m_paused) {
        // Held here, whether the pause came between units, after the unit's runner ended, or
        // while a unit that then stopped was paused: say so, or a window would never learn
        // that the run is paused and offer Resume.
        sayPaused();
        return; // resume() starts it
    }
    while (m_next < m_units.size() && !m_units.at(m_next).runs) {
        ++m_next; // read when the session started
    }
    if (m_next >= m_units.size()) {
        startNext();
        return;
    }
    startUnit(m_next++);
}

bool RunSession::readOnly(int index)
{
    const RunUnit& unit = m_units.at(index);
    std::optional<qint64> runId;
    QList<LoggedCall> stored;
    QString error;
    if (!m_store->findRun(unit.identity.hash(), &runId, &error) ||
        (runId && !m_store->calls(*runId, &stored, &error))) {
        m_storeFailed = true;
        m_messages << said(unit, error);
        return false;
    }
    m_held += stored.size();
    if (runId && m_analyzer) {
        m_analyzer->add(index, *runId, stored);
        m_analysisDirty = true;
    }
    return true;
}

void RunSession::startUnit(int index)
{
    const RunUnit& unit = m_units.at(index);
    m_current = index;
    QString error;
    bool resumed = false;
    const qint64 runId = unit.identity.findOrCreateRun(*m_store, &resumed, &error);
    if (runId == 0) {
        m_storeFailed = true;
        unitDone(index, RunOutcome::Stopped, error);
        return;
    }
    m_runIds[index] = runId;
    // The stored calls are read only for whoever takes them (an analysis, a live log): a
    // CLI run of a million calls needs just the digests of the models they came from.
    const bool wanted =
        m_analyzer || isSignalConnected(QMetaMethod::fromSignal(&RunSession::callsRecorded));
    QList<LoggedCall> stored;
    RecordedDigests digests;
    if (wanted ? !m_store->calls(runId, &stored, &error)
               : !m_store->recordedDigests(runId, &digests, &error)) {
        m_storeFailed = true;
        unitDone(index, RunOutcome::Stopped, error);
        return;
    }
    m_backend = unit.backend(wanted ? RecordedDigests::of(stored) : digests, &error);
    if (!m_backend) {
        unitDone(index, RunOutcome::Stopped, QStringLiteral("settings: ") + error);
        return;
    }
    m_replies = unit.replies(runId);
    m_runner = std::make_unique<Runner>(unit.plan(), m_replies.get(), m_store, runId,
                                        m_backend.get(), unit.wording);
    m_runner->setPublishInterval(m_publishMs);
    connect(m_runner.get(), &Runner::progressChanged, this, [this, index](const RunProgress& p) {
        m_lastProgress = p;
        m_lastProgressUnit = index;
        Q_EMIT progressChanged(index, p);
    });
    connect(m_runner.get(), &Runner::callsRecorded, this,
            [this, index](const QList<LoggedCall>& calls) { onCalls(index, calls); });
    connect(m_runner.get(), &Runner::partialReply, this,
            [this, index](quint64 callIndex, const QString& text) {
                Q_EMIT partialReply(index, callIndex, text);
            });
    // Queued: the runner is deleted when the next unit starts, never inside its own signal.
    connect(
        m_runner.get(), &Runner::finished, this,
        [this, index](RunOutcome outcome, const QString& message) {
            unitDone(index, outcome, message);
        },
        Qt::QueuedConnection);
    Q_EMIT unitStarted(index, runId, resumed);
    if (!stored.isEmpty()) {
        m_held += stored.size();
        if (m_analyzer) {
            m_analyzer->add(index, runId, stored);
            m_analysisDirty = true;
        }
        Q_EMIT callsRecorded(index, stored);
        publishResults();
    }
    m_runner->start();
}

void RunSession::unitDone(int index, RunOutcome outcome, const QString& message)
{
    if (m_runner && m_runner->storeFailed()) {
        m_storeFailed = true;
    }
    if (severity(outcome) > severity(m_outcome)) {
        m_outcome = outcome;
    }
    if (!message.isEmpty()) {
        m_messages << said(m_units.at(index), message);
    }
    if (outcome == RunOutcome::Cancelled) {
        m_cancelled = true;
    }
    if (m_analyzer) {
        // A unit's end is news to a kind of several units (each axis's result is final now),
        // so its results go out at once rather than at the next rate-limited snapshot.
        m_analyzer->unitFinished(index, outcome, message);
        m_analysisDirty = true;
        publishResults();
    }
    Q_EMIT unitFinished(index, outcome, message);
    startNext();
}

void RunSession::onCalls(int index, const QList<LoggedCall>& calls)
{
    if (m_analyzer) {
        m_analyzer->add(index, m_runIds.at(index), calls);
        m_analysisDirty = true;
    }
    Q_EMIT callsRecorded(index, calls);
    m_held += calls.size();
    // A snapshot costs time in proportion to the calls held, so one is taken only when the
    // calls grew by a twentieth since the last: the snapshots' sizes grow geometrically and
    // their total stays within about 21 times the calls, however long the run. The time rule
    // keeps the analysis under a fifth of a run's time on top.
    const qint64 due = std::max<qint64>(m_analysisMs, 4 * m_lastAnalysisMs);
    if (m_sinceAnalysis.elapsed() >= due && (m_held - m_heldAtAnalysis) * 20 >= m_heldAtAnalysis) {
        publishResults();
    }
}

void RunSession::publishResults()
{
    if (!m_analyzer || !m_analysisDirty) {
        return;
    }
    m_analysisDirty = false;
    QElapsedTimer took;
    took.start();
    m_results = m_analyzer->results();
    m_lastAnalysisMs = took.elapsed();
    m_heldAtAnalysis = m_held;
    m_sinceAnalysis.restart();
    Q_EMIT analysisUpdated(m_results);
}

void RunSession::pause()
{
    if (m_finished || m_paused || m_cancelled || !m_started) {
        return; // a cancel is ending the session: nothing is left to hold
    }
    m_paused = true;
    // A sending runner says so in its progress; one that has ended leaves it to startNext(),
    // which holds the next unit and says so.
    if (m_runner) {
        m_runner->pause();
    }
}

void RunSession::sayPaused()
{
    RunProgress p = m_lastProgress;
    p.paused = m_paused;
    Q_EMIT progressChanged(m_lastProgressUnit, p);
}

void RunSession::resume()
{
    if (!m_paused) {
        return;
    }
    m_paused = false;
    if (m_finished) {
        return; // finished is the last signal
    }
    if (m_runner) {
        // A runner that has ended says nothing; startNext() runs the next unit when its
        // queued end arrives.
        if (!m_runner->resume()) {
            sayPaused();
        }
    } else {
        sayPaused();
        startNext(); // held between units
    }
}

void RunSession::cancel()
{
    if (m_finished) {
        return;
    }
    m_cancelled = true;
    m_next = int(m_units.size());
    if (m_runner) {
        m_runner->cancel();
    } else if (m_started) {
        if (m_current < 0) {
            startNext(); // paused between units: nothing is in flight
        }
    }
}

} // namespace pb

#include "run/BackgroundRun.h"

#include "report/ResultsFolder.h"
#include "run/RunSession.h"
#include "store/RunStore.h"
#include "store/StoreLock.h"

#include <QFileInfo>

namespace pb {

// What a run keeps on the worker thread. Made, used and emptied by jobs on that thread only.
struct BackgroundRun::Session
{
    // Held from before the first write until the BackgroundRun goes or runs another store;
    // shared with the project's own hold when it has one (one writer per store).
    StoreLock lock;
    std::unique_ptr<RunStore> store;
    std::unique_ptr<RunSession> session;

    void clear()
    {
        if (session) {
            session->disconnect();
            session->cancel(); // backends end their calls before they are destroyed
        }
        session.reset();
        store.reset();
    }
};

BackgroundRun::BackgroundRun(QObject* parent)
    : QObject(parent), m_session(std::make_shared<Session>())
{
    qRegisterMetaType<pb::RunProgress>();
    qRegisterMetaType<pb::RunOutcome>();
    qRegisterMetaType<pb::LoggedCall>();
    qRegisterMetaType<QList<pb::LoggedCall>>();
    qRegisterMetaType<pb::RunResultsPtr>();
}

BackgroundRun::~BackgroundRun()
{
    // Calls in flight end unrecorded (asked again next time) and the session goes on its own
    // thread, before the thread stops.
    m_worker.runAndWait([s = m_session] {
        s->clear();
        s->lock.release();
    });
}

void BackgroundRun::start(QList<RunUnit> units, std::unique_ptr<RunAnalyzer> analyzer,
                          const QString& storePath, int analysisIntervalMs)
{
    if (m_running) {
        return;
    }
    m_running = true;
    m_runIds = QList<qint64>(units.size(), 0);
    // The unique_ptr crosses into a std::function, which must be copyable.
    auto sharedAnalyzer = std::make_shared<std::unique_ptr<RunAnalyzer>>(std::move(analyzer));
    m_worker.run([this, s = m_session, units = std::move(units), sharedAnalyzer, storePath,
                  analysisIntervalMs]() mutable {
        s->clear();
        s->store = std::make_unique<RunStore>();
        QString error;
        // A first run makes the store and its folder.
        const ResultsFolder folder(QFileInfo(storePath).absolutePath());
        if (!folder.prepare(&error) || !s->lock.acquire(storePath, &error) ||
            !s->store->open(storePath, &error)) {
            s->store.reset();
            s->lock.release();
            QMetaObject::invokeMethod(
                this,
                [this, error] {
                    m_running = false;
                    Q_EMIT finished(RunOutcome::Stopped, error);
                },
                Qt::QueuedConnection);
            return;
        }
        s->session = std::make_unique<RunSession>(s->store.get(), std::move(units),
                                                  std::move(*sharedAnalyzer));
        RunSession* session = s->session.get();
        session->setAnalysisInterval(analysisIntervalMs);
        // Cross-thread connections: queued, delivered on this object's (the caller's) thread.
        connect(session, &RunSession::unitStarted, this,
                [this](int unit, qint64 runId, bool resumed) {
                    if (unit >= 0 && unit < m_runIds.size()) {
                        m_runIds[unit] = runId;
                    }
                    Q_EMIT unitStarted(unit, runId, resumed);
                });
        connect(session, &RunSession::progressChanged, this, &BackgroundRun::progressChanged);
        connect(session, &RunSession::callsRecorded, this, &BackgroundRun::callsRecorded);
        connect(session, &RunSession::partialReply, this, &BackgroundRun::partialReply);
        connect(session, &RunSession::analysisUpdated, this, &BackgroundRun::analysisUpdated);
        connect(session, &RunSession::unitFinished, this, &BackgroundRun::unitFinished);
        connect(session, &RunSession::finished, this,
                [this](RunOutcome outcome, const QString& message) {
                    m_running = false;
                    Q_EMIT finished(outcome, message);
                });
        session->start();
    });
}

void BackgroundRun::pause()
{
    m_worker.run([s = m_session] {
        if (s->session) {
            s->session->pause();
        }
    });
}

void BackgroundRun::resume()
{
    m_worker.run([s = m_session] {
        if (s->session) {
            s->session->resume();
        }
    });
}

void BackgroundRun::cancel()
{
    m_worker.run([s = m_session] {
        if (s->session) {
            s->session->cancel();
        }
    });
}

} // namespace pb

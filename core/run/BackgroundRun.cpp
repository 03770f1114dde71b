#include "run/BackgroundRun.h"

#include "run/RunWorker.h"

namespace pb {

BackgroundRun::BackgroundRun(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<pb::ProbeDocument>();
    qRegisterMetaType<pb::RunProgress>();
    qRegisterMetaType<pb::RunOutcome>();
    qRegisterMetaType<pb::LoggedCall>();
    qRegisterMetaType<QList<pb::LoggedCall>>();
    qRegisterMetaType<pb::ProbeAnalysis>();
    m_thread.setObjectName(QStringLiteral("probe-run"));
    m_worker = new RunWorker;
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &RunWorker::started, this, &BackgroundRun::started);
    connect(m_worker, &RunWorker::progressChanged, this, &BackgroundRun::progressChanged);
    connect(m_worker, &RunWorker::callsRecorded, this, &BackgroundRun::callsRecorded);
    connect(m_worker, &RunWorker::analysisUpdated, this, &BackgroundRun::analysisUpdated);
    connect(m_worker, &RunWorker::partialReply, this, &BackgroundRun::partialReply);
    connect(m_worker, &RunWorker::finished, this,
            [this](RunOutcome outcome, const QString& message, qint64 runId) {
                m_running = false;
                Q_EMIT finished(outcome, message, runId);
            });
    m_thread.start();
}

BackgroundRun::~BackgroundRun()
{
    // Cancel first so calls in flight end as "not recorded" rather than being cut mid-write.
    QMetaObject::invokeMethod(m_worker, &RunWorker::cancel, Qt::QueuedConnection);
    m_thread.requestInterruption();
    m_thread.quit();
    m_thread.wait();
}

void BackgroundRun::start(const ProbeDocument& doc, const QString& storePath, int seedLimit,
                          int analysisIntervalMs)
{
    if (m_running) {
        return;
    }
    m_running = true;
    QMetaObject::invokeMethod(m_worker, "start", Qt::QueuedConnection,
                              Q_ARG(pb::ProbeDocument, doc), Q_ARG(QString, storePath),
                              Q_ARG(int, seedLimit), Q_ARG(int, analysisIntervalMs));
}

void BackgroundRun::pause()
{
    QMetaObject::invokeMethod(m_worker, &RunWorker::pause, Qt::QueuedConnection);
}

void BackgroundRun::resume()
{
    QMetaObject::invokeMethod(m_worker, &RunWorker::resume, Qt::QueuedConnection);
}

void BackgroundRun::cancel()
{
    QMetaObject::invokeMethod(m_worker, &RunWorker::cancel, Qt::QueuedConnection);
}

} // namespace pb

#include "judge/BackgroundJudgeRun.h"

#include "judge/JudgeRunWorker.h"
#include "store/RunStore.h"

#include <QFileInfo>

namespace pb {

BackgroundJudgeRun::BackgroundJudgeRun(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<pb::RunProgress>();
    qRegisterMetaType<pb::RunOutcome>();
    qRegisterMetaType<pb::JudgeAnalysis>();
    qRegisterMetaType<QList<pb::JudgedCall>>();
    m_thread.setObjectName(QStringLiteral("judge-run"));
    m_worker = new JudgeRunWorker;
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &JudgeRunWorker::started, this, &BackgroundJudgeRun::started);
    connect(m_worker, &JudgeRunWorker::progressChanged, this, &BackgroundJudgeRun::progressChanged);
    connect(m_worker, &JudgeRunWorker::callsRecorded, this, &BackgroundJudgeRun::callsRecorded);
    connect(m_worker, &JudgeRunWorker::analysisUpdated, this, &BackgroundJudgeRun::analysisUpdated);
    connect(m_worker, &JudgeRunWorker::storedLoaded, this, &BackgroundJudgeRun::storedLoaded);
    connect(m_worker, &JudgeRunWorker::finished, this,
            [this](RunOutcome outcome, const QString& message) {
                m_running = false;
                Q_EMIT finished(outcome, message);
            });
    m_thread.start();
}

BackgroundJudgeRun::~BackgroundJudgeRun()
{
    // Cancel first so calls in flight end as "not recorded" rather than being cut mid-write.
    QMetaObject::invokeMethod(m_worker, &JudgeRunWorker::cancel, Qt::QueuedConnection);
    m_thread.requestInterruption();
    m_thread.quit();
    m_thread.wait();
}

void BackgroundJudgeRun::start(const JudgeProbeDocument& doc, const QString& storePath,
                               const QList<int>& judgeIndexes, int analysisIntervalMs)
{
    if (m_running)
        return;
    m_running = true;
    JudgeRunWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker,
        [worker, doc, storePath, judgeIndexes, analysisIntervalMs] {
            worker->start(doc, storePath, judgeIndexes, analysisIntervalMs);
        },
        Qt::QueuedConnection);
}

void BackgroundJudgeRun::cancel()
{
    QMetaObject::invokeMethod(m_worker, &JudgeRunWorker::cancel, Qt::QueuedConnection);
}

quint64 BackgroundJudgeRun::loadStored(const JudgeProbeDocument& doc, const QString& storePath)
{
    const quint64 request = ++m_lastRequest;
    JudgeRunWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker,
        [worker, request, doc, storePath] { worker->loadStored(request, doc, storePath); },
        Qt::QueuedConnection);
    return request;
}

JudgeAnalysis BackgroundJudgeRun::storedAnalysis(const JudgeProbeDocument& doc,
                                                 const QString& storePath, int* storedCalls,
                                                 QString* error)
{
    if (storedCalls)
        *storedCalls = 0;
    if (!QFileInfo::exists(storePath))
        return JudgeAnalysis::compute(doc, {});
    RunStore store;
    if (!store.open(storePath, error))
        return JudgeAnalysis::compute(doc, {});
    const std::optional<JudgeAnalysis> analysis =
        JudgeRunWorker::analyse(store, doc, storedCalls, error);
    return analysis ? *analysis : JudgeAnalysis::compute(doc, {});
}

} // namespace pb

#include "run/WorkerThread.h"

namespace pb {

WorkerThread::WorkerThread(const QString& name) : m_home(std::make_unique<QObject>())
{
    m_thread.setObjectName(name);
    m_anchor = new QObject;
    m_anchor->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, m_anchor, &QObject::deleteLater);
    m_thread.start();
}

WorkerThread::~WorkerThread()
{
    m_thread.requestInterruption();
    m_thread.quit();
    m_thread.wait();
    // Results posted to m_home and not yet delivered are dropped with it.
}

void WorkerThread::run(std::function<void()> work)
{
    QMetaObject::invokeMethod(
        m_anchor,
        [this, work = std::move(work)] {
            if (!m_thread.isInterruptionRequested()) {
                work();
            }
        },
        Qt::QueuedConnection);
}

void WorkerThread::runAndWait(const std::function<void()>& work)
{
    QMetaObject::invokeMethod(m_anchor, work, Qt::BlockingQueuedConnection);
}

void WorkerThread::adopt(QObject* object)
{
    object->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, object, &QObject::deleteLater);
}

} // namespace pb

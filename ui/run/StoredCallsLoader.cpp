#include "run/StoredCallsLoader.h"

#include "project/ProbeProject.h"
#include "store/RunStore.h"

#include <QMetaObject>

namespace pb {

StoredCallsLoader::StoredCallsLoader(ProbeProject* project, QObject* parent)
    : QObject(parent), m_project(project)
{
    m_pool.setMaxThreadCount(1);
}

StoredCallsLoader::~StoredCallsLoader()
{
    ++m_generation;
    m_pool.waitForDone(); // the task posts to this object
}

QList<LoggedCall> StoredCallsLoader::read(const QString& storeName, qint64 runId, QString* error)
{
    RunStore store;
    QList<LoggedCall> calls;
    if (!store.open(storeName, error) || !store.calls(runId, &calls, error)) {
        return {};
    }
    return calls;
}

void StoredCallsLoader::load(qint64 runId)
{
    const quint64 generation = ++m_generation;
    ++m_busy;
    m_pool.start([this, generation, runId, storeName = m_project->filePath()] {
        QString error;
        QList<LoggedCall> calls = read(storeName, runId, &error);
        QMetaObject::invokeMethod(
            this,
            [this, generation, runId, calls = std::move(calls), error] {
                --m_busy;
                if (generation != m_generation) {
                    return;
                }
                if (!error.isEmpty()) {
                    Q_EMIT failed(runId, error);
                } else {
                    Q_EMIT loaded(runId, calls);
                }
            },
            Qt::QueuedConnection);
    });
}

} // namespace pb

#include "run/StoredCallsLoader.h"

#include "project/ProbeProject.h"

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

void StoredCallsLoader::load(qint64 runId, RunStore::CallTexts texts)
{
    start(runId, [runId, texts](const RunStore& store, QList<LoggedCall>* out, QString* error) {
        return store.calls(runId, out, error, texts);
    });
}

void StoredCallsLoader::loadItem(qint64 runId, const QString& itemId)
{
    start(runId, [runId, itemId](const RunStore& store, QList<LoggedCall>* out, QString* error) {
        return store.itemCalls(runId, itemId, out, error);
    });
}

void StoredCallsLoader::loadCall(qint64 runId, quint64 callIndex)
{
    start(runId, [runId, callIndex](const RunStore& store, QList<LoggedCall>* out, QString* error) {
        LoggedCall call;
        if (!store.call(runId, callIndex, &call, error)) {
            return false;
        }
        *out = {call};
        return true;
    });
}

void StoredCallsLoader::start(qint64 runId, Read read)
{
    const quint64 generation = ++m_generation;
    ++m_busy;
    m_pool.start(
        [this, generation, runId, read = std::move(read), storeName = m_project->filePath()] {
            QString error;
            QList<LoggedCall> calls;
            RunStore store;
            if (!store.open(storeName, &error) || !read(store, &calls, &error)) {
                calls.clear();
                if (error.isEmpty()) {
                    error = tr("%1: cannot read run %2").arg(storeName).arg(runId);
                }
            }
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

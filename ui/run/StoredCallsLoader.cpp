#include "run/StoredCallsLoader.h"

#include "project/ProbeProject.h"

namespace pb {

StoredCallsLoader::StoredCallsLoader(ProbeProject* project, QObject* parent)
    : QObject(parent), m_project(project)
{
}

// The worker, a member, stops first: a read under way ends, and no result is delivered after.
StoredCallsLoader::~StoredCallsLoader() = default;

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
    struct Loaded
    {
        QList<LoggedCall> calls;
        QString error;
    };
    m_worker.post(
        [runId, read = std::move(read), storeName = m_project->filePath()] {
            Loaded r;
            RunStore store;
            if (!store.open(storeName, &r.error) || !read(store, &r.calls, &r.error)) {
                r.calls.clear();
                if (r.error.isEmpty())
                    r.error = tr("%1: cannot read run %2").arg(storeName).arg(runId);
            }
            return r;
        },
        [this, generation, runId](Loaded r) {
            --m_busy;
            if (generation != m_generation)
                return;
            if (!r.error.isEmpty())
                Q_EMIT failed(runId, r.error);
            else
                Q_EMIT loaded(runId, r.calls);
        });
}

} // namespace pb

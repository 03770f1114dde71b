#pragma once

#include "run/WorkerThread.h"
#include "store/LoggedCall.h"
#include "store/RunStore.h"

#include <QList>
#include <QObject>
#include <functional>

namespace pb {

class ProbeProject;

// Reads stored calls from the project off the GUI thread (20,000 calls take a quarter of a
// second): a run's calls, with or without their texts; one item's calls whole (its replies
// side by side); or one call whole (the log's selected row, when the log holds only
// previews). Only the latest request is answered: cancel() or a newer load drops an answer
// still on its way.
class StoredCallsLoader : public QObject
{
    Q_OBJECT
public:
    explicit StoredCallsLoader(ProbeProject* project, QObject* parent = nullptr);
    ~StoredCallsLoader() override;

    void load(qint64 runId, RunStore::CallTexts texts = RunStore::CallTexts::Whole);
    void loadItem(qint64 runId, const QString& itemId);
    void loadCall(qint64 runId, quint64 callIndex);
    void cancel() { ++m_generation; }
    bool isBusy() const { return m_busy > 0; }

    // The read itself, for a thread that is not the GUI thread: the project's connection
    // belongs to the GUI thread, so this opens one of its own on storeName.
    static QList<LoggedCall> read(const QString& storeName, qint64 runId, QString* error);

Q_SIGNALS:
    void loaded(qint64 runId, const QList<pb::LoggedCall>& calls);
    void failed(qint64 runId, const QString& message);

private:
    using Read = std::function<bool(const RunStore&, QList<LoggedCall>*, QString*)>;
    void start(qint64 runId, Read read);

    ProbeProject* m_project;
    quint64 m_generation = 0;
    int m_busy = 0;
    // Last, so it stops (and delivers nothing more) before the members its results touch go.
    WorkerThread m_worker{QStringLiteral("stored-calls")};
};

} // namespace pb

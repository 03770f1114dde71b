#pragma once

#include "store/LoggedCall.h"

#include <QList>
#include <QObject>
#include <QThreadPool>

namespace pb {

class ProbeProject;

// Reads a stored run's calls from the project off the GUI thread (20,000 calls take a
// quarter of a second). Only the latest request is answered: cancel() or a newer load()
// drops an answer still on its way.
class StoredCallsLoader : public QObject
{
    Q_OBJECT
public:
    explicit StoredCallsLoader(ProbeProject* project, QObject* parent = nullptr);
    ~StoredCallsLoader() override;

    void load(qint64 runId);
    void cancel() { ++m_generation; }
    bool isBusy() const { return m_busy > 0; }

    // The read itself, for a thread that is not the GUI thread: the project's connection
    // belongs to the GUI thread, so this opens one of its own on storeName.
    static QList<LoggedCall> read(const QString& storeName, qint64 runId, QString* error);

Q_SIGNALS:
    void loaded(qint64 runId, const QList<pb::LoggedCall>& calls);
    void failed(qint64 runId, const QString& message);

private:
    ProbeProject* m_project;
    QThreadPool m_pool;
    quint64 m_generation = 0;
    int m_busy = 0;
};

} // namespace pb

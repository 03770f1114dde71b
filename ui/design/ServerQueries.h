#pragma once

#include "backends/ModelInfo.h"
#include "probe/ProbeDocument.h"
#include "run/CallResult.h"
#include "run/WorkerThread.h"

#include <QObject>

namespace pb {

// The settings panel's questions to a model server, answered off the GUI thread: a
// connection test (core BackendCheck) and the server's model list (core ModelCatalog).
// Each question ends in exactly one answer signal; asking again drops the answer to the
// earlier question (answers carry a generation number). The destructor waits for the
// worker, and the queries in flight are deleted on it.
class ServerQueries : public QObject
{
    Q_OBJECT
public:
    explicit ServerQueries(QObject* parent = nullptr);
    ~ServerQueries() override;

    void testConnection(const ProbeSettings& settings);
    // The model list of the settings' first endpoint (the backend's default when none).
    void fetchModels(const ProbeSettings& settings);

Q_SIGNALS:
    void connectionPassed(const QString& summary);
    void connectionFailed(const QString& message);
    void modelsListed(const QStringList& names, const QString& summary);
    void modelsFailed(const QString& message);

private:
    WorkerThread m_worker{QStringLiteral("server-queries")};
    QObject* m_context = nullptr; // lives on m_worker; parent of the queries in flight
    quint64 m_checkGeneration = 0;
    quint64 m_listGeneration = 0;
};

} // namespace pb

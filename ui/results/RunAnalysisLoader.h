#pragma once

#include "report/RunEvidence.h"
#include "run/WorkerThread.h"

#include <QObject>

namespace pb {

class ProbeProject;

// Reads a stored run from the project file and analyses it off the GUI thread, through
// core's StoredRunReader (the CLI's own reader) on a connection of its own, so each load
// sees every call committed before it. Only the latest request is answered: a result for a
// run the user has already moved away from is dropped.
class RunAnalysisLoader : public QObject
{
    Q_OBJECT
public:
    explicit RunAnalysisLoader(ProbeProject* project, QObject* parent = nullptr);
    ~RunAnalysisLoader() override;

    void load(qint64 runId);
    // Drops any answer still on its way.
    void cancel() { ++m_generation; }
    bool isBusy() const { return m_busy > 0; }

Q_SIGNALS:
    // The run read, costed at the prices the project's probe gives now
    // (ReportContext::priceAt, the rule `probebench run` follows).
    void loaded(const pb::RunEvidence& run);
    void failed(qint64 runId, const QString& message);

private:
    ProbeProject* m_project;
    WorkerThread m_worker{QStringLiteral("run-analysis")};
    quint64 m_generation = 0;
    int m_busy = 0;
};

} // namespace pb

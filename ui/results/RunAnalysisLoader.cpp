#include "results/RunAnalysisLoader.h"

#include "probe/ProbeReader.h"
#include "project/ProbeProject.h"
#include "run/StoredCallsLoader.h"

#include <QMetaObject>

namespace pb {

RunAnalysisLoader::RunAnalysisLoader(ProbeProject* project, QObject* parent)
    : QObject(parent), m_project(project)
{
    m_pool.setMaxThreadCount(1);
}

RunAnalysisLoader::~RunAnalysisLoader()
{
    ++m_generation;
    m_pool.waitForDone();
}

StoredRun RunAnalysisLoader::analyse(const RunRecord& record, const QList<LoggedCall>& calls,
                                     const QString& storeName, QString* error)
{
    StoredRun run;
    run.record = record;
    run.calls = calls;
    const ProbeLoadResult loaded =
        ProbeReader::parse(record.probeJson.toUtf8(), QStringLiteral("run %1").arg(record.id));
    if (!loaded.ok()) {
        *error = loaded.errorText();
        return run;
    }
    run.probe = *loaded.document;
    QStringList order;
    for (const ProbeItem& item : run.probe.items) {
        order << item.id;
    }
    run.analysis = ProbeAnalysis::fromCalls(
        calls, run.probe.valueA(), run.probe.valueB(),
        record.metricName.isEmpty() ? run.probe.metric.name : record.metricName, order);
    run.context = ReportContext::fromRun(run.probe, record, calls, storeName);
    return run;
}

void RunAnalysisLoader::load(qint64 runId)
{
    const quint64 generation = ++m_generation;
    std::optional<RunRecord> record;
    if (m_project) {
        for (const RunRecord& r : m_project->runs()) {
            if (r.id == runId) {
                record = r;
            }
        }
    }
    if (!record) {
        Q_EMIT failed(runId, tr("Run %1 is not in this project").arg(runId));
        return;
    }
    // The project's connection belongs to this thread, so the pool reads the calls through a
    // connection of its own: reading a large run here blocked the window (a re-scored run is
    // read again at once).
    const QString storeName = m_project->filePath();
    ++m_busy;
    m_pool.start([this, generation, rec = *record, storeName] {
        QString error;
        const QList<LoggedCall> calls = StoredCallsLoader::read(storeName, rec.id, &error);
        StoredRun run = error.isEmpty() ? analyse(rec, calls, storeName, &error) : StoredRun{};
        run.record = rec;
        QMetaObject::invokeMethod(
            this,
            [this, generation, run = std::move(run), error] {
                --m_busy;
                if (generation != m_generation) {
                    return;
                }
                if (!error.isEmpty()) {
                    Q_EMIT failed(run.record.id, error);
                } else {
                    Q_EMIT loaded(run);
                }
            },
            Qt::QueuedConnection);
    });
}

} // namespace pb

#include "results/RunAnalysisLoader.h"

#include "project/ProbeProject.h"
#include "report/StoredRunReader.h"

namespace pb {

RunAnalysisLoader::RunAnalysisLoader(ProbeProject* project, QObject* parent)
    : QObject(parent), m_project(project)
{
}

RunAnalysisLoader::~RunAnalysisLoader() = default;

void RunAnalysisLoader::load(qint64 runId)
{
    const quint64 generation = ++m_generation;
    if (!m_project || m_project->filePath().isEmpty()) {
        Q_EMIT failed(runId, tr("No project is open."));
        return;
    }
    // The project's connection belongs to the GUI thread, so the worker reads through a
    // connection of its own: reading a large run here blocked the window.
    ++m_busy;
    struct Read
    {
        std::optional<RunEvidence> run;
        QString error;
    };
    m_worker.post(
        [runId, storeName = m_project->filePath()] {
            Read read;
            read.run = StoredRunReader::read(storeName, runId, &read.error);
            return read;
        },
        [this, generation, runId](Read read) {
            --m_busy;
            if (generation != m_generation)
                return;
            if (!read.run) {
                Q_EMIT failed(runId, read.error);
                return;
            }
            // At the prices the probe gives now, as `probebench run` costs it.
            read.run->context.priceAt(m_project->document().settings);
            Q_EMIT loaded(*read.run);
        });
}

} // namespace pb

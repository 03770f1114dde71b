#include "results/RunAnalysisLoader.h"

#include "project/ProbeProject.h"
#include "report/StoredRunReader.h"

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

void RunAnalysisLoader::load(qint64 runId)
{
    const quint64 generation = ++m_generation;
    if (!m_project || m_project->filePath().isEmpty()) {
        Q_EMIT failed(runId, tr("No project is open."));
        return;
    }
    // The project's connection belongs to the GUI thread, so the pool reads through a
    // connection of its own: reading a large run here blocked the window.
    ++m_busy;
    m_pool.start([this, generation, runId, storeName = m_project->filePath()] {
        QString error;
        std::optional<RunEvidence> run = StoredRunReader::read(storeName, runId, &error);
        QMetaObject::invokeMethod(
            this,
            [this, generation, runId, run = std::move(run), error] {
                --m_busy;
                if (generation != m_generation) {
                    return;
                }
                if (!run) {
                    Q_EMIT failed(runId, error);
                } else {
                    Q_EMIT loaded(*run);
                }
            },
            Qt::QueuedConnection);
    });
}

} // namespace pb

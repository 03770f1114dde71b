#include "run/RunControl.h"

#include "project/ProbeProject.h"
#include "run/BackgroundRun.h"
#include "run/ModelProbeRun.h"

#include <QAction>

namespace pb {

RunControl::RunControl(ProbeProject* project, BackgroundRun* run, QObject* parent)
    : QObject(parent), m_project(project), m_run(run), m_start(new QAction(tr("&Start"), this)),
      m_pause(new QAction(tr("&Pause"), this)), m_cancel(new QAction(tr("&Cancel run"), this)),
      m_dryRun(new QAction(tr("&Dry run on %1 seeds").arg(kDryRunSeeds), this))
{
    m_start->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_R)});
    m_pause->setShortcut(QKeySequence(Qt::Key_F6));
    m_pause->setToolTip(tr("Pause sending calls; calls in flight finish (F6)."));
    m_cancel->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    m_cancel->setToolTip(
        tr("Stop the run; what was answered is kept, and Start resumes (Shift+F5)."));
    m_dryRun->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    for (QAction* a : actions()) {
        a->setShortcutContext(Qt::ApplicationShortcut);
    }

    connect(m_start, &QAction::triggered, this, &RunControl::start);
    connect(m_dryRun, &QAction::triggered, this, &RunControl::dryRun);
    connect(m_pause, &QAction::triggered, this, &RunControl::togglePause);
    connect(m_cancel, &QAction::triggered, this, &RunControl::cancel);

    connect(run, &BackgroundRun::unitStarted, this, [this](int, qint64 runId, bool) {
        m_runId = runId;
        m_project->notifyRunsChanged();
    });
    connect(run, &BackgroundRun::callsRecorded, this, [this](int, const QList<LoggedCall>& calls) {
        if (m_notedResults || !m_running) {
            return;
        }
        for (const LoggedCall& c : calls) {
            if (c.status == CallStatus::Ok && !m_dryRunCells.contains(c.cellKey())) {
                m_notedResults = true;
                m_project->noteResults(); // the document cannot change while running
                return;
            }
        }
    });
    connect(run, &BackgroundRun::progressChanged, this, [this](int, const RunProgress& p) {
        if (m_running && p.paused != m_paused) {
            m_paused = p.paused;
            updateActions();
        }
    });
    connect(run, &BackgroundRun::finished, this, [this](RunOutcome, const QString&) {
        if (const qint64 runId = m_run->runId(); runId != 0) {
            m_runId = runId;
        }
        m_running = false;
        m_paused = false;
        m_project->setRunning(false);
        m_project->notifyRunsChanged();
        updateActions();
    });
    connect(project, &ProbeProject::fileChanged, this, &RunControl::updateActions);
    connect(project, &ProbeProject::rescoringChanged, this, &RunControl::updateActions);
    updateActions();
}

void RunControl::start()
{
    begin(0);
}

void RunControl::dryRun()
{
    begin(kDryRunSeeds);
}

void RunControl::begin(int seedLimit)
{
    if (m_running) {
        return;
    }
    if (m_project->isRescoring()) {
        // Both would write the run's values; the re-scoring takes seconds at most.
        Q_EMIT refused(tr("A re-scoring with a corrected metric is going: a run can start when "
                          "it has finished."));
        return;
    }
    if (m_project->filePath().isEmpty()) {
        Q_EMIT refused(
            tr("There is no probe to run: open a project, start a new one, or try the tutorial's "
               "example from the Welcome page."));
        return;
    }
    QString error;
    if (!m_project->saveDraft(&error)) {
        Q_EMIT refused(
            tr("The project could not be saved before the run, so the run would not be kept: %1")
                .arg(error));
        return;
    }
    m_running = true;
    m_paused = false;
    m_dry = seedLimit > 0;
    m_notedResults = false;
    m_dryRunCells = m_project->document().settings.seeds.size() > kDryRunSeeds
                        ? PreRegistration::dryRunCells(m_project->document())
                        : QSet<QString>();
    Q_EMIT starting(m_dry);
    m_project->setRunning(true);
    updateActions();
    const ProbeDocument& doc = m_project->document();
    m_run->start({ModelProbeRun::unit(doc, seedLimit)}, std::make_unique<ModelProbeAnalyzer>(doc),
                 m_project->filePath());
}

void RunControl::togglePause()
{
    if (!m_running) {
        return;
    }
    // The label follows the runner's own report (progressChanged), not this click, so
    // it never claims a pause that has not happened.
    if (m_paused) {
        m_run->resume();
    } else {
        m_run->pause();
    }
}

void RunControl::cancel()
{
    if (m_running) {
        m_run->cancel();
    }
}

void RunControl::updateActions()
{
    const bool haveProject = !m_project->filePath().isEmpty();
    const bool rescoring = m_project->isRescoring();
    m_start->setEnabled(!m_running && !rescoring && haveProject);
    m_dryRun->setEnabled(!m_running && !rescoring && haveProject);
    // A disabled button still shows its tooltip: it says why.
    const QString waiting = tr("A re-scoring with a corrected metric is going: a run can start "
                               "when it has finished.");
    m_start->setToolTip(rescoring ? waiting
                                  : tr("Run every item, variant and seed (F5). Calls already "
                                       "answered in this run are kept and not repeated."));
    m_dryRun->setToolTip(rescoring ? waiting
                                   : tr("Run only the first %1 seeds, to check the connection "
                                        "and the metric before the full run (Ctrl+Shift+R). The "
                                        "design stays editable after it; its calls count "
                                        "towards the full run unless the design changes.")
                                         .arg(kDryRunSeeds));
    m_pause->setEnabled(m_running);
    m_cancel->setEnabled(m_running);
    m_pause->setText(m_paused ? tr("&Resume") : tr("&Pause"));
    m_pause->setToolTip(m_paused ? tr("Resume sending calls (F6).")
                                 : tr("Pause sending calls; calls in flight finish (F6)."));
}

} // namespace pb

#include "grading/GradingRunPanel.h"

#include "grading/GradingFileProject.h"
#include "judge/JudgeProbeRun.h"
#include "run/BackgroundRun.h"
#include "run/RunProgressBar.h"
#include "run/WorkerThread.h"
#include "widgets/ActionButton.h"
#include "widgets/NoticeBanner.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace pb {

GradingRunPanel::GradingRunPanel(GradingFileProject* project, BackgroundRun* run, QWidget* parent)
    : QWidget(parent), m_project(project), m_run(run),
      m_worker(std::make_unique<WorkerThread>(QStringLiteral("grading-export"))),
      m_start(new QAction(tr("&Start"), this)), m_pause(new QAction(tr("&Pause"), this)),
      m_resume(new QAction(tr("Res&ume"), this)), m_cancel(new QAction(tr("&Cancel"), this)),
      m_export(new QAction(tr("&Export results folder\u2026"), this)),
      m_banner(new NoticeBanner(this))
{
    setAccessibleName(tr("Grade the submissions"));
    m_start->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_start->setToolTip(tr("Grade every submission with text (Ctrl+R). Submissions already "
                           "graded in the results store are kept and not sent again."));
    m_pause->setShortcut(QKeySequence(Qt::Key_F6));
    m_pause->setToolTip(tr("Stop sending submissions; calls in flight finish (F6)."));
    m_resume->setShortcut(QKeySequence(Qt::Key_F7));
    m_resume->setToolTip(tr("Go on grading after a pause (F7)."));
    m_cancel->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    m_cancel->setToolTip(tr("Stop after the calls in flight (Ctrl+.). What was recorded is "
                            "kept; Start resumes from there."));
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_export->setToolTip(tr("Write grades.csv, grading.md, review-needed.txt and summary.json "
                            "as probebench grade writes them (Ctrl+E)."));
    connect(m_start, &QAction::triggered, this, &GradingRunPanel::startRun);
    connect(m_pause, &QAction::triggered, this, &GradingRunPanel::pauseRun);
    connect(m_resume, &QAction::triggered, this, &GradingRunPanel::resumeRun);
    connect(m_cancel, &QAction::triggered, this, &GradingRunPanel::cancelRun);
    connect(m_export, &QAction::triggered, this, &GradingRunPanel::chooseAndExport);

    auto* layout = new QVBoxLayout(this);
    auto* versionRow = new QHBoxLayout;
    m_version = new QComboBox(this);
    m_version->setAccessibleName(tr("Rubric version"));
    m_version->setToolTip(tr("The first rubric grades every submission; a revision of it (see "
                             "the project's revisions) grades the calibration files again, for "
                             "agreement before and after."));
    auto* versionLabel = new QLabel(tr("&Grade with:"), this);
    versionLabel->setBuddy(m_version);
    versionRow->addWidget(versionLabel);
    versionRow->addWidget(m_version, 1);
    layout->addLayout(versionRow);
    connect(m_version, &QComboBox::activated, this, [this](int index) {
        m_wanted = index;
        m_finishedHere = false; // the status line is the other version's
        showChosen();
    });
    auto* controls = new QHBoxLayout;
    for (QAction* a : {m_start, m_pause, m_resume, m_cancel, m_export})
        controls->addWidget(ActionButton::forAction(a, this));
    m_status = new QLabel(tr("Not started."), this);
    m_status->setAccessibleName(tr("Run status"));
    m_status->setWordWrap(true);
    controls->addWidget(m_status, 1);
    layout->addLayout(controls);
    m_banner->setAccessibleName(tr("Run message"));
    layout->addWidget(m_banner);
    m_progress = new RunProgressBar(this);
    m_progress->setAccessibleName(tr("Grading progress"));
    layout->addWidget(m_progress);
    m_store = new QLabel(this);
    m_store->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_store->setAccessibleName(tr("Results store"));
    m_store->setToolTip(tr("The run store `probebench grade` uses for this project, so either "
                           "one resumes the run the other started."));
    layout->addWidget(m_store);
    layout->addStretch(1);

    const auto refreshStore = [this] {
        const QString store = m_project->storePath();
        m_store->setText(store.isEmpty() ? tr("Save the grading to choose where its results go.")
                                         : tr("Results: %1").arg(QDir::toNativeSeparators(store)));
    };
    connect(m_project, &GradingFileProject::fileChanged, this, refreshStore);
    connect(m_project, &GradingFileProject::fileChanged, this, [this] {
        m_finishedHere = false;
        m_wanted = 0; // another file: its first rubric
        m_status->setText(tr("Not started."));
    });
    connect(m_project, &GradingFileProject::runningChanged, this, &GradingRunPanel::refreshEnabled);
    connect(m_run, &BackgroundRun::unitStarted, this, [this](int, qint64 runId, bool resumed) {
        if (m_running)
            m_status->setText(resumed ? tr("Resuming run %1.").arg(runId)
                                      : tr("Starting run %1.").arg(runId));
    });
    connect(m_run, &BackgroundRun::progressChanged, this,
            [this](int, const RunProgress& p) { onProgress(p); });
    connect(m_run, &BackgroundRun::finished, this, &GradingRunPanel::onFinished);
    refreshStore();
    refreshEnabled();
}

GradingRunPanel::~GradingRunPanel() = default;

QString GradingRunPanel::statusText() const
{
    return m_status->text();
}

void GradingRunPanel::setVersions(const GradingVersions& versions)
{
    m_versions = versions;
    QSignalBlocker quiet(m_version);
    m_version->clear();
    if (m_versions.first)
        m_version->addItem(tr("The first rubric: every submission"));
    for (int n = 1; n <= m_versions.revisions.size(); ++n) {
        const auto& r = m_versions.revisions.at(n - 1);
        const QString why = m_project->document().revisions.value(n - 1).why;
        m_version->addItem(r && r->inputsRead()
                               ? tr("Revision %1: the calibration files (%2)").arg(n).arg(why)
                               : tr("Revision %1: cannot be read").arg(n));
    }
    // The version asked for stays chosen across rereads (a run's end, an edit), while it exists.
    m_version->setCurrentIndex(std::min(m_wanted, m_version->count() - 1));
    m_version->setEnabled(m_version->count() > 1 && !m_project->isRunning());
    showChosen();
}

void GradingRunPanel::clearVersions()
{
    setVersions(GradingVersions());
}

bool GradingRunPanel::chooseVersion(int version)
{
    if (version < 0 || version >= m_version->count())
        return false;
    if (version != chosenVersion())
        m_finishedHere = false;
    m_wanted = version;
    m_version->setCurrentIndex(version);
    showChosen();
    return true;
}

int GradingRunPanel::chosenVersion() const
{
    return std::max(0, m_version->currentIndex());
}

void GradingRunPanel::showChosen()
{
    m_inputs = m_versions.version(chosenVersion());
    if (!m_project->isRunning() && m_inputs && m_inputs->inputsRead()) {
        // What the store holds: a finished run's bar, or the plan when nothing ran yet.
        const int planned = int(m_inputs->doc.items.size());
        const GradingOutcome& o = m_inputs->outcome;
        if (m_inputs->storedCalls > 0) {
            m_progress->showProgress(planned, o.judged - int(o.failed.size()),
                                     int(o.failed.size()));
            if (!m_finishedHere)
                m_status->setText(
                    tr("%1 of %2 submissions graded in the store.").arg(o.judged).arg(planned));
        } else {
            m_progress->showPlanned(planned);
            if (!m_finishedHere)
                m_status->setText(tr("Not started."));
        }
    }
    refreshEnabled();
}

void GradingRunPanel::refreshEnabled()
{
    const bool running = m_project->isRunning();
    const bool ready = m_inputs && m_inputs->inputsRead() && !m_inputs->doc.items.isEmpty();
    m_start->setEnabled(!running && ready);
    m_version->setEnabled(!running && m_version->count() > 1);
    m_pause->setEnabled(running && m_running && !m_paused);
    m_resume->setEnabled(running && m_running && m_paused);
    m_cancel->setEnabled(running && m_running);
    m_export->setEnabled(!running && !m_exporting && m_inputs && m_inputs->inputsRead());
}

bool GradingRunPanel::startRun()
{
    if (m_project->isRunning() || m_run->isRunning())
        return false;
    if (!m_inputs || !m_inputs->inputsRead()) {
        m_banner->showMessage(
            NoticeBanner::Tone::Error,
            tr("The grading cannot run: %1")
                .arg(m_inputs ? m_inputs->inputError : tr("its files are still being read")));
        return false;
    }
    if (m_inputs->doc.items.isEmpty()) {
        m_banner->showMessage(NoticeBanner::Tone::Info,
                              tr("Every submission is empty: there is nothing to send."));
        return false;
    }
    if (m_project->storePath().isEmpty()) {
        m_banner->showMessage(NoticeBanner::Tone::Error,
                              tr("Save the grading first: its results go beside it."));
        return false;
    }
    m_running = true;
    m_paused = false;
    m_banner->hide();
    m_progress->showBusy(tr("Starting\u2026"));
    m_status->setText(tr("Starting\u2026"));
    m_project->setRunning(true);
    m_run->start({GradingRun::unit(m_inputs->doc)}, std::make_unique<JudgeAnalyzer>(m_inputs->doc),
                 m_project->storePath());
    refreshEnabled();
    return true;
}

void GradingRunPanel::pauseRun()
{
    if (m_running && !m_paused)
        m_run->pause(); // the buttons follow the runner's report, not this click
}

void GradingRunPanel::resumeRun()
{
    if (m_running && m_paused)
        m_run->resume();
}

void GradingRunPanel::cancelRun()
{
    if (!m_running)
        return;
    m_status->setText(tr("Cancelling after the calls in flight\u2026"));
    m_run->cancel();
}

void GradingRunPanel::onProgress(const RunProgress& p)
{
    if (!m_running)
        return;
    if (p.paused != m_paused) {
        m_paused = p.paused;
        refreshEnabled();
    }
    m_progress->showProgress(p.total, p.resumed + p.ok, p.failed);
    QString text = tr("%1 of %2 submissions graded").arg(p.done()).arg(p.total);
    if (p.resumed > 0)
        text += tr(" (%1 from an earlier session)").arg(p.resumed);
    m_status->setText((m_paused ? tr("Paused. ") : QString()) + text + QLatin1Char('.'));
}

void GradingRunPanel::onFinished(RunOutcome outcome, const QString& message)
{
    if (!m_running)
        return;
    m_running = false;
    m_paused = false;
    m_finishedHere = true;
    m_project->setRunning(false);
    refreshEnabled();
    switch (outcome) {
    case RunOutcome::Completed:
        m_status->setText(tr("Done."));
        break;
    case RunOutcome::Incomplete:
        m_status->setText(tr("Finished with failures."));
        m_banner->showMessage(NoticeBanner::Tone::Warning,
                              tr("Some submissions got no reply; they are flagged FAILED, never "
                                 "given a level. Start again to retry them.\n%1")
                                  .arg(message));
        break;
    case RunOutcome::Cancelled:
        m_status->setText(tr("Cancelled."));
        m_banner->showMessage(NoticeBanner::Tone::Info,
                              tr("Cancelled. The recorded grades are kept; Start resumes from "
                                 "there."));
        break;
    case RunOutcome::Stopped:
        m_status->setText(tr("Stopped."));
        m_banner->showMessage(NoticeBanner::Tone::Error, tr("The run stopped: %1").arg(message));
        break;
    }
    Q_EMIT runFinished(outcome, message);
}

void GradingRunPanel::chooseAndExport()
{
    const int version = chosenVersion();
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Export the results folder to"),
        version == 0 ? m_project->resultsFolder()
                     : QDir(m_project->resultsFolder())
                           .filePath(GradingProject::revisionFolderName(version)));
    if (!folder.isEmpty())
        exportTo(folder);
}

void GradingRunPanel::exportTo(const QString& folder)
{
    if (m_exporting)
        return;
    m_exporting = true;
    refreshEnabled();
    m_banner->showMessage(NoticeBanner::Tone::Info,
                          tr("Writing %1\u2026").arg(QDir::toNativeSeparators(folder)));
    m_worker->post(
        [project = m_project->document(), path = m_project->filePath(),
         store = m_project->storePath(), folder, version = chosenVersion()] {
            QString error;
            const bool ok =
                GradingStoredResults::exportFolder(project, path, store, folder, &error, version);
            return std::make_pair(ok, error);
        },
        [this, folder](const std::pair<bool, QString>& done) {
            m_exporting = false;
            refreshEnabled();
            const QString message =
                done.first ? tr("Wrote grades.csv, grading.md, review-needed.txt and "
                                "summary.json in %1")
                                 .arg(QDir::toNativeSeparators(folder))
                           : tr("The results folder was not written: %1").arg(done.second);
            m_banner->showMessage(done.first ? NoticeBanner::Tone::Info : NoticeBanner::Tone::Error,
                                  message);
            Q_EMIT exported(done.first, message);
        });
}

} // namespace pb

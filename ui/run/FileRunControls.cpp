#include "run/FileRunControls.h"

#include "project/ProbeFileProject.h"
#include "run/BackgroundRun.h"
#include "run/RunProgressBar.h"
#include "widgets/ActionButton.h"
#include "widgets/NoticeBanner.h"

#include <QAction>
#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace pb {

FileRunControls::FileRunControls(ProbeFileProject* project, BackgroundRun* run, Words words,
                                 QWidget* parent)
    : QWidget(parent), m_project(project), m_run(run), m_words(std::move(words)),
      m_start(new QAction(m_words.startText, this)), m_pause(new QAction(tr("&Pause"), this)),
      m_resume(new QAction(tr("Res&ume"), this)), m_cancel(new QAction(tr("&Cancel"), this)),
      m_banner(new NoticeBanner(this)), m_status(new QLabel(tr("Not started."), this)),
      m_progress(new RunProgressBar(this)), m_store(new QLabel(this))
{
    m_start->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_start->setToolTip(m_words.startTip);
    m_pause->setShortcut(QKeySequence(Qt::Key_F6));
    m_pause->setToolTip(tr("Stop sending calls; calls in flight finish (F6)."));
    m_resume->setShortcut(QKeySequence(Qt::Key_F7));
    m_resume->setToolTip(m_words.resumeTip);
    m_cancel->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    m_cancel->setToolTip(tr("Stop after the calls in flight (Ctrl+.). What was recorded is "
                            "kept; Start resumes from there."));
    connect(m_start, &QAction::triggered, this, &FileRunControls::startWanted);
    connect(m_pause, &QAction::triggered, this, &FileRunControls::pause);
    connect(m_resume, &QAction::triggered, this, &FileRunControls::resume);
    connect(m_cancel, &QAction::triggered, this, &FileRunControls::cancel);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* buttons = new QHBoxLayout;
    for (QAction* a : actions())
        buttons->addWidget(ActionButton::forAction(a, this));
    m_status->setAccessibleName(tr("Run status"));
    m_status->setWordWrap(true);
    buttons->addWidget(m_status, 1);
    layout->addLayout(buttons);
    m_banner->setAccessibleName(tr("Run message"));
    layout->addWidget(m_banner);
    m_progress->setAccessibleName(m_words.progressName);
    layout->addWidget(m_progress);
    m_store->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_store->setAccessibleName(tr("Results store"));
    m_store->setToolTip(m_words.storeTip);

    connect(m_project, &ProbeFileProject::fileChanged, this, &FileRunControls::refreshStore);
    connect(m_project, &ProbeFileProject::runningChanged, this, &FileRunControls::refreshEnabled);
    connect(m_run, &BackgroundRun::unitStarted, this, [this](int unit, qint64 runId, bool resumed) {
        if (!m_running)
            return;
        if (m_startedText)
            m_status->setText(m_startedText(unit, runId, resumed));
        else
            m_status->setText(resumed ? tr("Resuming run %1.").arg(runId)
                                      : tr("Starting run %1.").arg(runId));
    });
    connect(m_run, &BackgroundRun::progressChanged, this, &FileRunControls::onProgress);
    connect(m_run, &BackgroundRun::finished, this, &FileRunControls::onFinished);
    refreshStore();
    refreshEnabled();
}

QString FileRunControls::statusText() const
{
    return m_status->text();
}

void FileRunControls::setStatus(const QString& text)
{
    m_status->setText(text);
}

void FileRunControls::setStatusTexts(StartedText started, ProgressText progress)
{
    m_startedText = std::move(started);
    m_progressText = std::move(progress);
}

void FileRunControls::setReady(bool ready)
{
    m_ready = ready;
    refreshEnabled();
}

void FileRunControls::refreshStore()
{
    const QString store = m_project->storePath();
    m_store->setText(store.isEmpty()
                         ? tr("Save the %1 to choose where its results go.").arg(m_words.kindName)
                         : tr("Results: %1").arg(QDir::toNativeSeparators(store)));
}

void FileRunControls::refreshEnabled()
{
    const bool running = m_project->isRunning();
    m_start->setEnabled(!running && m_ready);
    m_pause->setEnabled(running && m_running && !m_paused);
    m_resume->setEnabled(running && m_running && m_paused);
    m_cancel->setEnabled(running && m_running);
}

bool FileRunControls::start(QList<RunUnit> units, std::unique_ptr<RunAnalyzer> analyzer,
                            const QString& storePath)
{
    if (m_project->isRunning() || m_run->isRunning())
        return false;
    if (m_project->storePath().isEmpty()) {
        m_banner->showMessage(
            NoticeBanner::Tone::Error,
            tr("Save the %1 first: its results go beside it.").arg(m_words.kindName));
        return false;
    }
    m_running = true;
    m_paused = false;
    m_banner->hide();
    m_progress->showBusy(tr("Starting\u2026"));
    m_status->setText(tr("Starting\u2026"));
    m_project->setRunning(true);
    m_run->start(std::move(units), std::move(analyzer),
                 storePath.isEmpty() ? m_project->storePath() : storePath);
    refreshEnabled();
    return true;
}

void FileRunControls::pause()
{
    if (m_running && !m_paused)
        m_run->pause(); // the buttons follow the runner's report, not this click
}

void FileRunControls::resume()
{
    if (m_running && m_paused)
        m_run->resume();
}

void FileRunControls::cancel()
{
    if (!m_running)
        return;
    m_status->setText(tr("Cancelling after the calls in flight\u2026"));
    m_run->cancel();
}

void FileRunControls::onProgress(int unit, const RunProgress& p)
{
    if (!m_running)
        return;
    if (p.paused != m_paused) {
        m_paused = p.paused;
        refreshEnabled();
    }
    m_progress->showProgress(p.total, p.resumed + p.ok, p.failed);
    QString text;
    if (m_progressText) {
        text = m_progressText(unit, p);
    } else {
        text = m_words.counted.arg(p.done()).arg(p.total);
        if (p.resumed > 0)
            text += tr(" (%1 from an earlier session)").arg(p.resumed);
    }
    m_status->setText((m_paused ? tr("Paused. ") : QString()) + text + QLatin1Char('.'));
    Q_EMIT progressed(p);
}

void FileRunControls::onFinished(RunOutcome outcome, const QString& message)
{
    if (!m_running)
        return;
    m_running = false;
    m_paused = false;
    m_project->setRunning(false);
    refreshEnabled();
    switch (outcome) {
    case RunOutcome::Completed:
        m_status->setText(tr("Done."));
        break;
    case RunOutcome::Incomplete:
        m_status->setText(tr("Finished with failures."));
        m_banner->showMessage(NoticeBanner::Tone::Warning,
                              m_words.noReply + QLatin1Char('\n') + message);
        break;
    case RunOutcome::Cancelled:
        m_status->setText(tr("Cancelled."));
        m_banner->showMessage(NoticeBanner::Tone::Info, m_words.cancelled);
        break;
    case RunOutcome::Stopped:
        m_status->setText(tr("Stopped."));
        m_banner->showMessage(NoticeBanner::Tone::Error, tr("The run stopped: %1").arg(message));
        break;
    }
    Q_EMIT finished(outcome, message);
}

} // namespace pb

#include "run/RunAttention.h"

#include "run/BackgroundRun.h"
#include "run/RunControl.h"
#include "widgets/NoticeBanner.h"

#include <QAction>

namespace pb {

RunAttention::RunAttention(RunControl* control, BackgroundRun* run, NoticeBanner* windowBanner,
                           std::function<bool()> runPageShown, QObject* parent)
    : QObject(parent), m_banner(windowBanner), m_runPageShown(std::move(runPageShown)),
      m_showRunPage(new QAction(tr("Show the &Run page"), this))
{
    connect(m_showRunPage, &QAction::triggered, this, [this] {
        m_banner->hide();
        Q_EMIT runPageWanted();
    });
    connect(control, &RunControl::starting, this, [this] { Q_EMIT runPageWanted(); });
    connect(control, &RunControl::refused, this, [this] { Q_EMIT runPageWanted(); });
    connect(run, &BackgroundRun::finished, this,
            [this, run](RunOutcome outcome, const QString& message) {
                const qint64 runId = run->runId();
                if (m_runPageShown() ||
                    (outcome != RunOutcome::Stopped && outcome != RunOutcome::Incomplete)) {
                    return;
                }
                const QString which = runId != 0 ? tr("Run %1").arg(runId) : tr("The run");
                m_banner->showMessage(
                    outcome == RunOutcome::Stopped ? NoticeBanner::Tone::Error
                                                   : NoticeBanner::Tone::Warning,
                    outcome == RunOutcome::Stopped
                        ? tr("%1 stopped: %2").arg(which, message)
                        : tr("%1 finished with failed calls: %2").arg(which, message),
                    {m_showRunPage});
            });
}

} // namespace pb

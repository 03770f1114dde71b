#include "axes/AxesRunPanel.h"

#include "axes/AxesAnalyzer.h"
#include "axes/AxesProject.h"
#include "axes/AxesRun.h"
#include "run/BackgroundRun.h"
#include "run/CallLogModel.h"
#include "run/CallPlan.h"
#include "run/FileRunControls.h"
#include "run/RunProgressBar.h"
#include "run/RunSession.h"
#include "widgets/CallLogView.h"
#include "widgets/NoticeBanner.h"

#include <QHeaderView>
#include <QLabel>
#include <QVBoxLayout>

namespace pb {

AxesRunPanel::AxesRunPanel(AxesProject* project, BackgroundRun* run, QWidget* parent)
    : QWidget(parent), m_project(project), m_run(run), m_log(new CallLogModel(this)),
      m_controls(new FileRunControls(
          project, run,
          {tr("Run every axis, one after another (Ctrl+R). Calls already in the results store "
              "are kept and not made again."),
           tr("Go on sending calls after a pause (F7)."), tr("Axes run progress"),
           tr("%1 of %2 calls"), tr("probe of several axes"),
           tr("The run store `probebench run` uses for this file by default, so either one "
              "resumes the run the other started."),
           tr("Some calls got no reply; they are recorded as failed, never filled in, and an "
              "axis without a result is missing from the vector. Start again to retry them."),
           tr("Cancelled. The recorded calls are kept; Start resumes from there.")},
          this))
{
    setAccessibleName(tr("Run the axes"));
    m_controls->setStatusTexts(
        [this](int unit, qint64 runId, bool resumed) {
            return (resumed ? tr("Axis %1 of %2, \u201c%3\u201d: resuming run %4.")
                            : tr("Axis %1 of %2, \u201c%3\u201d: starting run %4."))
                .arg(unit + 1)
                .arg(m_runDoc.axes.size())
                .arg(m_runDoc.axes.value(unit).label())
                .arg(runId);
        },
        [this](int unit, const RunProgress& p) {
            QString text = tr("Axis %1 of %2, \u201c%3\u201d: %4 of %5 calls")
                               .arg(unit + 1)
                               .arg(m_runDoc.axes.size())
                               .arg(m_runDoc.axes.value(unit).label())
                               .arg(p.done())
                               .arg(p.total);
            if (p.resumed > 0)
                text += tr(" (%1 from an earlier session)").arg(p.resumed);
            return text;
        });
    connect(m_controls, &FileRunControls::startWanted, this, &AxesRunPanel::startRun);
    connect(m_controls, &FileRunControls::finished, this,
            [this](RunOutcome outcome, const QString& message) {
                // Every axis that got a run names it, as the CLI takes the session's run ids.
                for (int a = 0; a < m_ends.size(); ++a)
                    m_ends[a].runId = m_run->runId(a);
                Q_EMIT runFinished(outcome, message);
            });
    m_log->setColumnNames(tr("Item"), tr("Text"));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_controls);
    layout->addWidget(m_controls->storeLabel());
    m_logView = new CallLogView(this);
    m_logView->setModel(m_log);
    m_logView->setAccessibleName(tr("Axes call log"));
    m_logView->setToolTip(tr("Every call of every axis as it is recorded: the item, the text "
                             "sent (the base or the axis's value), the seed, the score."));
    m_logView->horizontalHeader()->setSectionResizeMode(CallLogModel::ReplyColumn,
                                                        QHeaderView::Stretch);
    m_logView->setColumnDigits(CallLogModel::TimeColumn, 10);
    m_logView->setColumnDigits(CallLogModel::ItemColumn, 6);
    m_logView->setColumnDigits(CallLogModel::VariantColumn, 12);
    m_logView->setColumnDigits(CallLogModel::SeedColumn, 6);
    m_logView->setColumnDigits(CallLogModel::ValueColumn, 6);
    m_logView->setColumnDigits(CallLogModel::StatusColumn, 24);
    layout->addWidget(m_logView, 1);

    connect(m_project, &AxesProject::documentChanged, this, &AxesRunPanel::refreshEnabled);
    connect(m_project, &AxesProject::documentChanged, this, &AxesRunPanel::showPlan);
    connect(m_project, &AxesProject::runningChanged, this, &AxesRunPanel::refreshEnabled);
    connect(m_run, &BackgroundRun::callsRecorded, this,
            [this](int, const QList<LoggedCall>& calls) {
                if (m_controls->isRunning())
                    m_log->appendCalls(calls);
            });
    // After FileRunControls drew this unit's bar: the bar is over every axis instead.
    connect(m_run, &BackgroundRun::progressChanged, this, [this](int unit, const RunProgress& p) {
        if (!m_controls->isRunning() || unit < 0 || unit >= m_progress.size())
            return;
        m_progress[unit] = p;
        showOverall();
    });
    connect(m_run, &BackgroundRun::analysisUpdated, this, [this](const RunResultsPtr& results) {
        if (m_controls->isRunning() && AxesAnalyzer::resultsIn(results))
            Q_EMIT resultsUpdated(results);
    });
    connect(m_run, &BackgroundRun::unitFinished, this,
            [this](int unit, RunOutcome outcome, const QString& message) {
                if (!m_controls->isRunning() || unit < 0 || unit >= m_ends.size())
                    return;
                m_ends[unit].runId = m_run->runId(unit);
                m_ends[unit].outcome = outcome;
                m_ends[unit].message = message;
                Q_EMIT axisFinished(unit);
            });
    refreshEnabled();
    showPlan();
}

QList<QAction*> AxesRunPanel::actions() const
{
    return m_controls->actions();
}

NoticeBanner* AxesRunPanel::banner() const
{
    return m_controls->banner();
}

QString AxesRunPanel::statusText() const
{
    return m_controls->statusText();
}

void AxesRunPanel::refreshEnabled()
{
    m_controls->setReady(!m_project->document().axes.isEmpty());
}

void AxesRunPanel::showPlan()
{
    // A finished run's bar stays until the probe changes: it says what the run got.
    if (!m_project->isRunning())
        m_controls->progressBar()->showPlanned(AxesRun::callCount(m_project->document()));
}

int AxesRunPanel::answered() const
{
    int n = 0;
    for (const RunProgress& p : m_progress)
        n += p.resumed + p.ok;
    return n;
}

int AxesRunPanel::failed() const
{
    int n = 0;
    for (const RunProgress& p : m_progress)
        n += p.failed;
    return n;
}

int AxesRunPanel::planned() const
{
    int n = 0;
    for (int a = 0; a < m_planned.size(); ++a)
        n += m_progress.value(a).total > 0 ? m_progress.value(a).total : m_planned.at(a);
    return n;
}

void AxesRunPanel::showOverall()
{
    m_controls->progressBar()->showProgress(planned(), answered(), failed());
}

bool AxesRunPanel::startRun()
{
    if (m_project->isRunning() || m_run->isRunning())
        return false;
    const AxesLoadResult checked = m_project->check();
    if (!checked.ok()) {
        banner()->showMessage(
            NoticeBanner::Tone::Error,
            tr("The probe cannot run until these are fixed:\n%1").arg(checked.errorText()));
        return false;
    }
    const AxesDocument doc = m_project->document();
    QList<RunUnit> units = AxesRun::units(doc);
    QString error;
    if (!RunSession::checkBackends(units, &error)) {
        banner()->showMessage(NoticeBanner::Tone::Error, tr("The probe cannot run: %1").arg(error));
        return false;
    }
    m_runDoc = doc;
    m_ends = QList<AxisRunEnd>(doc.axes.size());
    m_progress = QList<RunProgress>(doc.axes.size());
    m_planned.clear();
    for (int a = 0; a < doc.axes.size(); ++a)
        m_planned << CallPlan::callCount(doc.axisProbe(a));
    auto analyzer = std::make_unique<AxesAnalyzer>(doc);
    // Before any call, every axis is pending; the analyzer has nothing to analyse yet.
    const RunResultsPtr waiting = analyzer->results();
    if (!m_controls->start(std::move(units), std::move(analyzer)))
        return false;
    m_log->clear();
    m_log->setMetricName(doc.metric.name);
    Q_EMIT resultsUpdated(waiting);
    return true;
}

void AxesRunPanel::pauseRun()
{
    m_controls->pause();
}

void AxesRunPanel::resumeRun()
{
    m_controls->resume();
}

void AxesRunPanel::cancelRun()
{
    m_controls->cancel();
}

} // namespace pb

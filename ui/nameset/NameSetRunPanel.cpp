#include "nameset/NameSetRunPanel.h"

#include "nameset/NameSetDryRunPanel.h"
#include "nameset/NameSetProject.h"
#include "nameset/NameSetRun.h"
#include "run/BackgroundRun.h"
#include "run/CallLogModel.h"
#include "run/RunProgressBar.h"
#include "widgets/ActionButton.h"
#include "widgets/CallLogView.h"
#include "widgets/NoticeBanner.h"

#include <QAction>
#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

namespace pb {

namespace {

QJsonObject nameSetDetails(const LoggedCall& call)
{
    return call.details.value(QLatin1String("name_set")).toObject();
}

// Every reply a name-set call got, as NameSetReplies keeps them in the row's details.
QList<CallAttempt> attemptsOf(const LoggedCall& call)
{
    QList<CallAttempt> out;
    for (const QJsonValue& v : nameSetDetails(call).value(QLatin1String("attempts")).toArray()) {
        const QJsonObject a = v.toObject();
        QStringList errors;
        for (const QJsonValue& e : a.value(QLatin1String("errors")).toArray())
            errors << e.toString();
        out << CallAttempt{
            a.value(QLatin1String("reply")).toString(), errors,
            QDateTime::fromString(a.value(QLatin1String("time")).toString(), Qt::ISODateWithMs)};
    }
    return out;
}

} // namespace

NameSetRunPanel::NameSetRunPanel(NameSetProject* project, BackgroundRun* run, QWidget* parent)
    : QWidget(parent), m_project(project), m_run(run), m_log(new CallLogModel(this)),
      m_start(new QAction(tr("&Start"), this)), m_pause(new QAction(tr("&Pause"), this)),
      m_resume(new QAction(tr("Res&ume"), this)), m_cancel(new QAction(tr("&Cancel"), this)),
      m_banner(new NoticeBanner(this))
{
    setAccessibleName(tr("Run the name set"));
    m_start->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_start->setToolTip(tr("Run every name on every seed (Ctrl+R). Calls already in the "
                           "results store are kept and not made again."));
    m_pause->setShortcut(QKeySequence(Qt::Key_F6));
    m_pause->setToolTip(tr("Stop sending calls; calls in flight finish (F6)."));
    m_resume->setShortcut(QKeySequence(Qt::Key_F7));
    m_resume->setToolTip(tr("Go on sending calls after a pause (F7)."));
    m_cancel->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    m_cancel->setToolTip(tr("Stop after the calls in flight (Ctrl+.). What was recorded is "
                            "kept; Start resumes from there."));
    connect(m_start, &QAction::triggered, this, &NameSetRunPanel::startRun);
    connect(m_pause, &QAction::triggered, this, &NameSetRunPanel::pauseRun);
    connect(m_resume, &QAction::triggered, this, &NameSetRunPanel::resumeRun);
    connect(m_cancel, &QAction::triggered, this, &NameSetRunPanel::cancelRun);
    m_log->setColumnNames(tr("Name"), tr("Group"));
    m_log->setMetricName(tr("score"));
    m_log->showAttempts(attemptsOf);

    auto* layout = new QVBoxLayout(this);
    m_dryRun = new NameSetDryRunPanel(project, this);
    layout->addWidget(m_dryRun);
    auto* controls = new QHBoxLayout;
    for (QAction* a : actions())
        controls->addWidget(ActionButton::forAction(a, this));
    m_status = new QLabel(tr("Not started."), this);
    m_status->setAccessibleName(tr("Run status"));
    m_status->setWordWrap(true);
    controls->addWidget(m_status, 1);
    layout->addLayout(controls);
    m_banner->setAccessibleName(tr("Run message"));
    layout->addWidget(m_banner);
    m_progress = new RunProgressBar(this);
    m_progress->setAccessibleName(tr("Name-set run progress"));
    layout->addWidget(m_progress);
    auto* facts = new QHBoxLayout;
    m_counts = new QLabel(this);
    m_counts->setAccessibleName(tr("Validation failures"));
    m_counts->setToolTip(tr("A reply that is not exactly one JSON object of the schema is fed "
                            "back and asked again, at most 3 times; a call with no valid reply "
                            "is left out of every statistic and listed in the report."));
    facts->addWidget(m_counts, 1);
    m_store = new QLabel(this);
    m_store->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_store->setAccessibleName(tr("Results store"));
    m_store->setToolTip(tr("The run store `probebench run` uses for this file by default, so "
                           "either one resumes the run the other started."));
    facts->addWidget(m_store);
    layout->addLayout(facts);
    layout->addWidget(buildLog(), 1);

    const auto refreshStore = [this] {
        const QString store = m_project->storePath();
        m_store->setText(store.isEmpty() ? tr("Save the name set to choose where its results go.")
                                         : tr("Results: %1").arg(QDir::toNativeSeparators(store)));
    };
    connect(m_project, &NameSetProject::fileChanged, this, refreshStore);
    connect(m_project, &NameSetProject::documentChanged, this, &NameSetRunPanel::refreshEnabled);
    connect(m_project, &NameSetProject::documentChanged, this, &NameSetRunPanel::showPlan);
    connect(m_project, &NameSetProject::runningChanged, this, &NameSetRunPanel::refreshEnabled);
    connect(m_run, &BackgroundRun::unitStarted, this, [this](int, qint64 runId, bool resumed) {
        if (m_running)
            m_status->setText(resumed ? tr("Resuming run %1.").arg(runId)
                                      : tr("Starting run %1.").arg(runId));
    });
    connect(m_run, &BackgroundRun::progressChanged, this,
            [this](int, const RunProgress& p) { onProgress(p); });
    connect(m_run, &BackgroundRun::callsRecorded, this,
            [this](int, const QList<LoggedCall>& calls) { onCalls(calls); });
    connect(m_run, &BackgroundRun::analysisUpdated, this, [this](const RunResultsPtr& results) {
        if (m_running && NameSetRun::resultsIn(results))
            Q_EMIT resultsUpdated(m_runDoc, results);
    });
    connect(m_run, &BackgroundRun::finished, this, &NameSetRunPanel::onFinished);
    refreshStore();
    refreshCounts();
    refreshEnabled();
    showPlan();
}

QWidget* NameSetRunPanel::buildLog()
{
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    m_logView = new CallLogView(split);
    m_logView->setModel(m_log);
    m_logView->setAccessibleName(tr("Name-set call log"));
    m_logView->setToolTip(tr("Every reply as it is recorded, one row per attempt: a reply that "
                             "did not validate, the re-ask and its reply."));
    m_logView->horizontalHeader()->setSectionResizeMode(CallLogModel::ReplyColumn,
                                                        QHeaderView::Stretch);
    m_logView->setColumnDigits(CallLogModel::TimeColumn, 10);
    m_logView->setColumnDigits(CallLogModel::ItemColumn, 18);
    m_logView->setColumnDigits(CallLogModel::VariantColumn, 22);
    m_logView->setColumnDigits(CallLogModel::SeedColumn, 6);
    m_logView->setColumnDigits(CallLogModel::ValueColumn, 6);
    m_logView->setColumnDigits(CallLogModel::StatusColumn, 24);
    split->addWidget(m_logView);
    m_detail = new QPlainTextEdit(split);
    m_detail->setReadOnly(true);
    m_detail->setAccessibleName(tr("Selected attempt's reply"));
    m_detail->setToolTip(tr("The raw reply of the attempt selected in the log, and why it did "
                            "not validate when it did not."));
    m_detail->setPlaceholderText(tr("Select a row to read the prompt and the raw reply."));
    split->addWidget(m_detail);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    connect(m_logView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &NameSetRunPanel::showSelectedAttempt);
    return split;
}

void NameSetRunPanel::refreshEnabled()
{
    const bool running = m_project->isRunning();
    m_start->setEnabled(!running && !m_project->document().names.isEmpty());
    m_pause->setEnabled(running && m_running && !m_paused);
    m_resume->setEnabled(running && m_running && m_paused);
    m_cancel->setEnabled(running && m_running);
    m_dryRun->setEnabled(!running);
}

void NameSetRunPanel::showPlan()
{
    // A finished run's bar stays until the probe changes: it says what the run got.
    if (!m_project->isRunning())
        m_progress->showPlanned(NameSetRun::callCount(m_project->document()));
}

bool NameSetRunPanel::startRun()
{
    if (m_project->isRunning() || m_run->isRunning())
        return false;
    const NameSetLoadResult checked = m_project->check();
    if (!checked.ok()) {
        m_banner->showMessage(
            NoticeBanner::Tone::Error,
            tr("The name set cannot run until these are fixed:\n%1").arg(checked.errorText()));
        return false;
    }
    if (m_project->storePath().isEmpty()) {
        m_banner->showMessage(NoticeBanner::Tone::Error,
                              tr("Save the name set first: its results go beside it."));
        return false;
    }
    m_runDoc = m_project->document();
    m_running = true;
    m_paused = false;
    m_reasked = 0;
    m_invalid = 0;
    m_banner->hide();
    m_log->clear();
    m_detail->clear();
    refreshCounts();
    m_progress->showBusy(tr("Starting\u2026"));
    m_status->setText(tr("Starting\u2026"));
    m_project->setRunning(true);
    m_run->start({NameSetRun::unit(m_runDoc)}, std::make_unique<NameSetAnalyzer>(m_runDoc),
                 m_project->storePath());
    refreshEnabled();
    return true;
}

void NameSetRunPanel::pauseRun()
{
    if (m_running && !m_paused)
        m_run->pause(); // the buttons follow the runner's report, not this click
}

void NameSetRunPanel::resumeRun()
{
    if (m_running && m_paused)
        m_run->resume();
}

void NameSetRunPanel::cancelRun()
{
    if (!m_running)
        return;
    m_status->setText(tr("Cancelling after the calls in flight\u2026"));
    m_run->cancel();
}

void NameSetRunPanel::onProgress(const RunProgress& p)
{
    if (!m_running)
        return;
    if (p.paused != m_paused) {
        m_paused = p.paused;
        refreshEnabled();
    }
    m_progress->showProgress(p.total, p.resumed + p.ok, p.failed);
    QString text = tr("%1 of %2 calls").arg(p.done()).arg(p.total);
    if (p.resumed > 0)
        text += tr(" (%1 from an earlier session)").arg(p.resumed);
    m_status->setText((m_paused ? tr("Paused. ") : QString()) + text + QLatin1Char('.'));
}

void NameSetRunPanel::onCalls(const QList<LoggedCall>& calls)
{
    if (!m_running)
        return;
    for (const LoggedCall& c : calls) {
        const QList<CallAttempt> attempts = attemptsOf(c);
        for (const CallAttempt& a : attempts)
            m_reasked += a.errors.isEmpty() ? 0 : 1;
        m_invalid += nameSetDetails(c).contains(QLatin1String("error_code")) ? 1 : 0;
    }
    m_log->appendCalls(calls);
    refreshCounts();
}

void NameSetRunPanel::refreshCounts()
{
    m_counts->setText(tr("Validation failures: %1 replies did not validate and were asked "
                         "again \u00b7 %2 calls without a valid reply (left out)")
                          .arg(m_reasked)
                          .arg(m_invalid));
}

void NameSetRunPanel::onFinished(RunOutcome outcome, const QString& message)
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
                              tr("Some calls got no reply; they are recorded as failed, never "
                                 "filled in. Start again to retry them.\n%1")
                                  .arg(message));
        break;
    case RunOutcome::Cancelled:
        m_status->setText(tr("Cancelled."));
        m_banner->showMessage(NoticeBanner::Tone::Info,
                              tr("Cancelled. The recorded calls are kept; Start resumes from "
                                 "there."));
        break;
    case RunOutcome::Stopped:
        m_status->setText(tr("Stopped."));
        m_banner->showMessage(NoticeBanner::Tone::Error, tr("The run stopped: %1").arg(message));
        break;
    }
    Q_EMIT runFinished(outcome, message);
}

QString NameSetRunPanel::statusText() const
{
    return m_status->text();
}

void NameSetRunPanel::showSelectedAttempt()
{
    const QModelIndex index = m_logView->currentIndex();
    if (!index.isValid()) {
        m_detail->clear();
        return;
    }
    const QModelIndex first = index.siblingAtColumn(0);
    m_detail->setPlainText(
        tr("Attempt %1, %2\n\nPrompt:\n%3\n\nRaw reply:\n%4")
            .arg(first.data(CallLogModel::AttemptRole).toInt())
            .arg(index.siblingAtColumn(CallLogModel::StatusColumn).data().toString(),
                 first.data(CallLogModel::FullPromptRole).toString(),
                 first.data(CallLogModel::FullReplyRole).toString()));
}

} // namespace pb

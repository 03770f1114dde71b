#include "pages/RunPage.h"

#include "design/FactCheck.h"
#include "project/ProbeProject.h"
#include "report/ReportBuilder.h"
#include "report/RunCost.h"
#include "run/BackgroundRun.h"
#include "run/CallLogModel.h"
#include "run/CallPlan.h"
#include "run/PriceFields.h"
#include "run/RunCompleteness.h"
#include "run/RunControl.h"
#include "run/RunProgressBar.h"
#include "run/StoredCallsLoader.h"
#include "widgets/ActionButton.h"
#include "widgets/CallLogView.h"
#include "widgets/NoticeBanner.h"

#include <QAction>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace pb {

namespace {

QPlainTextEdit* readOnlyText(const QString& name, QWidget* parent)
{
    auto* e = new QPlainTextEdit(parent);
    e->setReadOnly(true);
    e->setAccessibleName(name);
    e->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    return e;
}

// Core messages are sentences; the banner embeds them in its own.
QString clause(QString message)
{
    message = message.trimmed();
    while (message.endsWith(QLatin1Char('.'))) {
        message.chop(1);
    }
    return message;
}

QString rescoringNotice()
{
    return RunPage::tr("A re-scoring with a corrected metric is going: a run can start when it "
                       "has finished.");
}

QString readingNotice()
{
    return RunPage::tr("Reading the stored run\u2026");
}

// The pair check's unresolved findings, said again when a run starts and ends: a gap on
// those items may come from the difference, not the attribute.
QString pairNote(const ProbeDocument& doc)
{
    return ReportBuilder::pairMismatchSentence(FactCheck::mismatches(doc));
}

QWidget* titled(const QString& title, QWidget* inner, QWidget* parent)
{
    auto* box = new QGroupBox(title, parent);
    auto* l = new QVBoxLayout(box);
    l->setContentsMargins(4, 4, 4, 4);
    l->addWidget(inner);
    return box;
}

} // namespace

RunPage::RunPage(ProbeProject* project, BackgroundRun* run, RunControl* control, QWidget* parent)
    : QWidget(parent), m_project(project), m_control(control),
      m_storedCalls(new StoredCallsLoader(project, this)),
      m_selectedCall(new StoredCallsLoader(project, this)), m_log(new CallLogModel(this)),
      m_banner(new NoticeBanner(this)), m_prices(new PriceFields(tr("Prices"), this)),
      m_summary(new QLabel(this)), m_progress(new RunProgressBar(this)), m_stats(new QLabel(this)),
      m_table(new CallLogView(this)), m_streamTimer(new QTimer(this))
{
    setAccessibleName(tr("Run page"));
    auto* layout = new QVBoxLayout(this);

    auto* controls = new QHBoxLayout;
    for (QAction* a : control->actions()) {
        controls->addWidget(ActionButton::forAction(a, this));
    }
    m_summary->setWordWrap(true);
    m_summary->setAccessibleName(tr("Run summary"));
    controls->addWidget(m_summary, 1);
    layout->addLayout(controls);
    // Kept in the probe's settings, where `probebench run` reads them; no part of the run's
    // identity, so a price entered after a run costs that run without starting another.
    m_prices->setToolTip(tr("A hosted model's prices, for the run's cost on Results and in the "
                            "report; saved with the probe as price_per_million_input and "
                            "price_per_million_output."));
    layout->addWidget(m_prices);
    connect(m_prices, &PriceFields::pricesEdited, this,
            [this](const std::optional<TokenPrices>& prices) {
                m_project->edit(tr("Set the prices"),
                                [&prices](ProbeDocument& d) { d.settings.prices = prices; });
            });

    m_showResults = new QAction(tr("Show the &results"), this);
    connect(m_showResults, &QAction::triggered, this, &RunPage::resultsRequested);
    m_openSettings = new QAction(tr("Check the &settings"), this);
    connect(m_openSettings, &QAction::triggered, this, &RunPage::designRequested);
    m_retry = new QAction(tr("&Try the failed calls again"), this);
    m_retry->setToolTip(
        tr("Starts the same run again: answered calls are kept, failed ones are tried again."));
    connect(m_retry, &QAction::triggered, control, &RunControl::start);
    m_checkPairs = new QAction(tr("Check the &pairs"), this);
    connect(m_checkPairs, &QAction::triggered, this, &RunPage::designRequested);
    m_continue = new QAction(tr("&Start again"), this);
    m_continue->setToolTip(
        tr("Starts the same run again: answered calls are kept and not repeated."));
    connect(m_continue, &QAction::triggered, control, &RunControl::start);
    m_banner->setAccessibleName(tr("Run status"));
    layout->addWidget(m_banner);

    layout->addWidget(m_progress);
    m_stats->setAccessibleName(tr("Run statistics"));
    m_stats->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stats->setText(tr("Not started."));
    layout->addWidget(m_stats);

    m_split = new QSplitter(Qt::Vertical, this);
    m_split->setChildrenCollapsible(false);
    m_table->setModel(m_log);
    m_table->setAccessibleName(tr("Call log"));
    m_table->setToolTip(
        tr("Every call as it is recorded: the log is the evidence, so nothing is averaged away."));
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnDigits(CallLogModel::TimeColumn, 10);
    m_table->setColumnDigits(CallLogModel::ItemColumn, 7);
    m_table->setColumnDigits(CallLogModel::VariantColumn, 14);
    m_table->setColumnDigits(CallLogModel::SeedColumn, 8);
    m_table->setColumnDigits(CallLogModel::ValueColumn, 8);
    m_table->setColumnDigits(CallLogModel::StatusColumn, 18);
    m_split->addWidget(m_table);

    m_detailSplit = new QSplitter(Qt::Horizontal, m_split);
    m_prompt = readOnlyText(tr("Selected call's prompt"), m_detailSplit);
    m_reply = readOnlyText(tr("Selected call's reply"), m_detailSplit);
    m_detailSplit->addWidget(titled(tr("Prompt sent"), m_prompt, m_detailSplit));
    m_detailSplit->addWidget(titled(tr("Reply"), m_reply, m_detailSplit));
    m_stream = readOnlyText(tr("Reply streaming in"), m_detailSplit);
    m_streamLabel = new QLabel(m_detailSplit);
    m_streamBox = new QGroupBox(tr("Streaming"), m_detailSplit);
    auto* streamLayout = new QVBoxLayout(m_streamBox);
    streamLayout->setContentsMargins(4, 4, 4, 4);
    streamLayout->addWidget(m_streamLabel);
    streamLayout->addWidget(m_stream);
    m_detailSplit->addWidget(m_streamBox);
    m_streamBox->hide();
    m_split->addWidget(m_detailSplit);
    m_split->setStretchFactor(0, 3);
    m_split->setStretchFactor(1, 1);
    layout->addWidget(m_split, 1);

    // Streamed text arrives per token; the box is redrawn at most 20 times a second.
    m_streamTimer->setSingleShot(true);
    m_streamTimer->setInterval(50);
    connect(m_streamTimer, &QTimer::timeout, this, [this] {
        m_streamLabel->setText(
            tr("Call %1 of the plan, as the model writes it:").arg(m_streamCall + 1));
        m_stream->setPlainText(m_streamPending);
        m_stream->verticalScrollBar()->setValue(m_stream->verticalScrollBar()->maximum());
    });

    connect(control, &RunControl::starting, this, &RunPage::onStarting);
    connect(control, &RunControl::refused, this, [this](const QString& message) {
        m_banner->showMessage(NoticeBanner::Tone::Error, message);
    });
    connect(run, &BackgroundRun::unitStarted, this,
            [this](int, qint64 runId, bool resumed) { onStarted(runId, resumed); });
    connect(run, &BackgroundRun::progressChanged, this,
            [this](int, const RunProgress& p) { onProgress(p); });
    connect(run, &BackgroundRun::callsRecorded, this, [this](int, const QList<LoggedCall>& calls) {
        QScrollBar* bar = m_table->verticalScrollBar();
        m_followTail = bar->value() >= bar->maximum() - 2;
        m_log->appendCalls(calls);
        if (m_followTail) {
            m_table->scrollToBottom();
        }
    });
    connect(
        run, &BackgroundRun::partialReply, this,
        [this](int, quint64 callIndex, const QString& text) { onPartialReply(callIndex, text); });
    connect(run, &BackgroundRun::finished, this,
            [this, run](RunOutcome o, const QString& m) { onFinished(o, m, run->runId()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &RunPage::showSelected);
    connect(m_storedCalls, &StoredCallsLoader::loaded, this, &RunPage::showStoredCalls);
    connect(m_selectedCall, &StoredCallsLoader::loaded, this,
            [this](qint64, const QList<LoggedCall>& calls) {
                const QModelIndex current = m_table->currentIndex();
                if (!m_showingStored || calls.size() != 1 || !current.isValid() ||
                    m_log->call(current.row()).callIndex != calls.first().callIndex) {
                    return; // the selection moved on
                }
                showCall(calls.first());
            });
    connect(m_selectedCall, &StoredCallsLoader::failed, this,
            [this](qint64, const QString& message) { m_reply->setPlainText(message); });
    connect(m_storedCalls, &StoredCallsLoader::failed, this,
            [this](qint64 runId, const QString& message) {
                m_stats->setText(tr("Run %1 cannot be read: %2").arg(runId).arg(message));
            });
    connect(project, &ProbeProject::documentChanged, this, &RunPage::refreshSummary);
    connect(project, &ProbeProject::fileChanged, this, [this] {
        m_log->clear();
        m_banner->hide();
        m_last = RunProgress{};
        m_stats->setText(tr("Not started."));
        m_showingStored = false;
        refreshSummary();
        loadStoredCalls();
    });
    connect(project, &ProbeProject::runRescored, this, &RunPage::loadStoredCalls);
    connect(project, &ProbeProject::rescoringChanged, this, [this](bool rescoring) {
        if (rescoring) {
            m_banner->showMessage(NoticeBanner::Tone::Info, rescoringNotice());
        } else if (m_banner->text() == rescoringNotice()) {
            m_banner->hide();
        }
    });
    connect(project, &ProbeProject::runsChanged, this, [this] {
        if (m_showingStored || m_log->rowCount() == 0) {
            loadStoredCalls();
        }
    });

    QSettings settings;
    m_split->restoreState(settings.value(QStringLiteral("run/split")).toByteArray());
    m_detailSplit->restoreState(settings.value(QStringLiteral("run/detailSplit")).toByteArray());
    refreshSummary();
    loadStoredCalls();
}

void RunPage::holdReadsWhileHidden(bool hold)
{
    m_holdWhileHidden = hold;
    if (!hold && m_readPending) {
        loadStoredCalls();
    }
}

void RunPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_readPending) {
        loadStoredCalls();
    }
}

void RunPage::loadStoredCalls()
{
    m_storedCalls->cancel();
    m_readPending = false;
    if (m_project->isRunning()) {
        return;
    }
    if (m_holdWhileHidden && !isVisible()) {
        m_readPending = true;
        return;
    }
    const std::optional<qint64> runId = m_project->runForDocument();
    if (!runId) {
        return;
    }
    if (m_stats->text() != readingNotice()) {
        m_statsBeforeReading = m_stats->text();
    }
    m_stats->setText(readingNotice());
    // Without the prompts and with each reply cut to its preview: the log of a large run
    // would otherwise hold every text of it; the selected row's are read when it is chosen.
    m_storedCalls->load(*runId, RunStore::CallTexts::ReplyPreview);
}

void RunPage::showStoredCalls(qint64 runId, const QList<LoggedCall>& calls)
{
    // A run started after the read began owns the log now (the loader was cancelled then
    // too; this also covers a run started without the page's controls).
    if (m_project->isRunning()) {
        return;
    }
    if (calls.isEmpty()) {
        m_stats->setText(m_statsBeforeReading);
        return;
    }
    QString metricName = m_project->document().metric.name;
    for (const RunRecord& r : m_project->runs()) {
        if (r.id == runId && !r.metricName.isEmpty()) {
            metricName = r.metricName;
        }
    }
    m_prompt->clear();
    m_reply->clear();
    m_log->clear();
    m_log->setMetricName(metricName);
    m_log->appendCalls(calls); // one batch
    m_showingStored = true;
    m_storedRunId = runId;
    int failed = 0;
    for (const LoggedCall& c : calls) {
        failed += c.status == CallStatus::Failed ? 1 : 0;
    }
    const QLocale locale;
    // The run shown is the document's configuration, so its plan is the document's.
    m_progress->showProgress(CallPlan::callCount(m_project->document()), int(calls.size()) - failed,
                             failed);
    m_stats->setText(tr("Run %1 as stored: %2 calls logged, %3 failed.")
                         .arg(runId)
                         .arg(locale.toString(int(calls.size())), locale.toString(failed)));
    // The run matches the document's configuration, so the document's plan is the run's.
    const RunCompleteness completeness = RunCompleteness::of(m_project->document(), calls);
    if (!completeness.complete()) {
        m_banner->showMessage(
            NoticeBanner::Tone::Warning,
            tr("Run %1: %2").arg(runId).arg(ReportBuilder::incompleteSentence(completeness)),
            {m_continue});
    }
}

RunPage::~RunPage()
{
    QSettings settings;
    settings.setValue(QStringLiteral("run/split"), m_split->saveState());
    settings.setValue(QStringLiteral("run/detailSplit"), m_detailSplit->saveState());
}

void RunPage::refreshSummary()
{
    const ProbeDocument& doc = m_project->document();
    if (m_project->filePath().isEmpty()) {
        m_summary->setText(tr("No probe open."));
        return;
    }
    const int seeds = int(doc.settings.seeds.size());
    const int items = int(doc.items.size());
    const int calls = CallPlan::callCount(doc);
    // Until a run or a stored one says otherwise, the log and the bar show what Start will do.
    if (!m_project->isRunning() && !m_showingStored) {
        m_log->setMetricName(doc.metric.name);
        if (m_last.total == 0) {
            m_progress->showPlanned(calls);
        }
    }
    m_prices->setPrices(doc.settings.prices);
    m_summary->setText(tr("<b>%1</b><br>%2 on %3 \u00B7 %4 items \u00B7 %5 seeds \u00B7 %6 calls")
                           .arg(doc.title.toHtmlEscaped(), doc.settings.model.toHtmlEscaped(),
                                doc.settings.backend.toHtmlEscaped())
                           .arg(items)
                           .arg(seeds)
                           .arg(calls));
}

void RunPage::onStarting(bool dryRun)
{
    m_dryRun = dryRun;
    m_estimate.clear();
    m_storedCalls->cancel();
    m_showingStored = false;
    m_log->clear();
    m_log->setMetricName(m_project->document().metric.name);
    m_banner->hide();
    m_prompt->clear();
    m_reply->clear();
    m_streamBox->hide();
    m_followTail = true;
    m_last = RunProgress{};
    // Busy until the first progress report gives the total.
    m_progress->showBusy(dryRun ? tr("Starting a dry run\u2026") : tr("Starting\u2026"));
    m_stats->setText(dryRun
                         ? tr("Starting a dry run on %1 seeds\u2026").arg(RunControl::kDryRunSeeds)
                         : tr("Starting\u2026"));
}

void RunPage::onStarted(qint64 runId, bool resumed)
{
    const QString started =
        resumed
            ? tr("Run %1 continues: calls answered before are kept and not repeated.").arg(runId)
            : tr("Run %1 started: a new run of this configuration.").arg(runId);
    const QString pairs = pairNote(m_project->document());
    if (pairs.isEmpty()) {
        m_banner->showMessage(NoticeBanner::Tone::Info, started);
    } else {
        m_banner->showMessage(NoticeBanner::Tone::Warning, started + QLatin1Char('\n') + pairs,
                              {m_checkPairs});
    }
}

QString RunPage::duration(double seconds)
{
    const qint64 s = qint64(seconds + 0.5);
    if (s >= 3600) {
        return QStringLiteral("%1:%2:%3")
            .arg(s / 3600)
            .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
            .arg(s % 60, 2, 10, QLatin1Char('0'));
    }
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

void RunPage::onProgress(const RunProgress& p)
{
    m_last = p;
    m_progress->showProgress(p.total, p.ok + p.resumed, p.failed);
    const QLocale locale;
    QStringList parts;
    parts << tr("%1 of %2 done").arg(locale.toString(p.done()), locale.toString(p.total));
    if (p.resumed > 0) {
        parts << tr("%1 kept from before").arg(locale.toString(p.resumed));
    }
    parts << tr("%1 failed").arg(locale.toString(p.failed));
    parts << tr("%1 in flight").arg(p.inFlight);
    parts << tr("%1 calls/min").arg(locale.toString(p.callsPerMinute, 'f', 0));
    if (p.paused) {
        parts << tr("paused");
    } else if (p.etaSeconds) {
        parts << tr("about %1 left").arg(duration(*p.etaSeconds));
    }
    m_stats->setText(parts.join(QStringLiteral(" \u00B7 ")));
}

void RunPage::onPartialReply(quint64 callIndex, const QString& text)
{
    m_streamCall = callIndex;
    m_streamPending = text;
    m_streamBox->show();
    if (!m_streamTimer->isActive()) {
        m_streamTimer->start();
    }
}

void RunPage::onFinished(RunOutcome outcome, const QString& message, qint64 runId)
{
    m_streamTimer->stop();
    m_streamBox->hide();
    const QString run = runId != 0 ? tr("Run %1").arg(runId) : tr("The run");
    const QString pairs = pairNote(m_project->document());
    const int answered = m_last.ok + m_last.resumed;
    const QString kept = answered == 0 ? tr("Nothing was answered yet.")
                                       : tr("The %1 calls answered are kept.").arg(answered);
    switch (outcome) {
    case RunOutcome::Completed:
        if (m_dryRun) {
            m_banner->showMessage(
                NoticeBanner::Tone::Info,
                tr("Dry run done: %1 calls on the first %2 seeds. If the replies and their "
                   "values look right, Start runs the rest; these calls are kept.")
                        .arg(m_log->rowCount())
                        .arg(RunControl::kDryRunSeeds) +
                    QLatin1Char('\n') + dryRunEstimate(),
                {m_continue});
        } else if (pairs.isEmpty()) {
            m_banner->showMessage(NoticeBanner::Tone::Info,
                                  tr("%1 is complete: every call was answered.").arg(run),
                                  {m_showResults});
        } else {
            m_banner->showMessage(NoticeBanner::Tone::Warning,
                                  tr("%1 is complete: every call was answered.").arg(run) +
                                      QLatin1Char('\n') + pairs,
                                  {m_showResults, m_checkPairs});
        }
        break;
    case RunOutcome::Incomplete:
        m_banner->showMessage(
            NoticeBanner::Tone::Warning,
            tr("%1 finished with gaps: %2. Try the failed calls again, or check the settings if "
               "they keep failing.")
                .arg(run, clause(message)),
            {m_retry, m_openSettings, m_showResults});
        break;
    case RunOutcome::Cancelled:
        m_banner->showMessage(
            NoticeBanner::Tone::Info,
            tr("%1 was cancelled. %2 Start continues where it stopped.").arg(run, kept),
            {m_continue});
        break;
    case RunOutcome::Stopped:
        m_banner->showMessage(
            NoticeBanner::Tone::Error,
            tr("%1 stopped: %2. %3 Fix the cause (often a setting: the server's address or the "
               "model's name), then Start continues the run.")
                .arg(run, clause(message), kept),
            {m_openSettings, m_continue});
        break;
    }
    if (m_last.total == 0) {
        m_progress->showBusy(tr("No calls made"));
        m_stats->setText(tr("No calls were made."));
        return;
    }
    RunProgress last = m_last;
    last.paused = false;
    last.inFlight = 0;
    last.etaSeconds.reset();
    onProgress(last);
}

// The dry run's calls, as the log holds them, scaled to the document's whole plan by core's
// CostEstimate: what `probebench run --limit-seeds` prints for the same calls.
QString RunPage::dryRunEstimate()
{
    TokenTotals dryRun;
    for (int row = 0; row < m_log->rowCount(); ++row)
        dryRun.add(m_log->call(row).tokens);
    const ProbeDocument& doc = m_project->document();
    const std::optional<CostEstimate> estimate =
        CostEstimate::from(dryRun, CallPlan::callCount(doc), doc.settings.prices);
    m_estimate = estimate ? tr("Tokens: %1.").arg(estimate->text())
                          : tr("No estimate of the full run's tokens: no call came back with "
                               "token counts from the server.");
    return m_estimate;
}

void RunPage::showSelected()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        m_prompt->clear();
        m_reply->clear();
        return;
    }
    const LoggedCall& call = m_log->call(current.row());
    if (m_showingStored) {
        m_prompt->setPlainText(tr("Reading..."));
        m_reply->clear();
        m_selectedCall->loadCall(m_storedRunId, call.callIndex);
        return;
    }
    showCall(call);
}

void RunPage::showCall(const LoggedCall& call)
{
    m_prompt->setPlainText(call.prompt);
    m_reply->setPlainText(call.status == CallStatus::Failed ? tr("No reply: %1").arg(call.error)
                                                            : call.reply);
}

QString RunPage::progressText() const
{
    return m_stats->text();
}

QString RunPage::selectedPrompt() const
{
    return m_prompt->toPlainText();
}

QString RunPage::selectedReply() const
{
    return m_reply->toPlainText();
}

QString RunPage::streamingText() const
{
    return m_stream->toPlainText();
}

} // namespace pb

#include "nameset/NameSetRunPanel.h"

#include "nameset/NameSetDryRunPanel.h"
#include "nameset/NameSetProject.h"
#include "nameset/NameSetRun.h"
#include "run/BackgroundRun.h"
#include "run/CallLogModel.h"
#include "run/FileRunControls.h"
#include "run/PriceFields.h"
#include "run/RunProgressBar.h"
#include "widgets/ActionButton.h"
#include "widgets/CallLogView.h"
#include "widgets/NoticeBanner.h"

#include <QAction>
#include <QDir>
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
      m_controls(new FileRunControls(
          project, run,
          {tr("Run every name on every seed (Ctrl+R). Calls already in the results store are "
              "kept and not made again."),
           tr("Go on sending calls after a pause (F7)."), tr("Name-set run progress"),
           tr("%1 of %2 calls"), tr("name set"),
           tr("The run store `probebench run` uses for this file by default, so either one "
              "resumes the run the other started."),
           tr("Some calls got no reply; they are recorded as failed, never filled in. Start "
              "again to retry them."),
           tr("Cancelled. The recorded calls are kept; Start resumes from there.")},
          this))
{
    setAccessibleName(tr("Run the name set"));
    connect(m_controls, &FileRunControls::startWanted, this, &NameSetRunPanel::startRun);
    connect(m_controls, &FileRunControls::finished, this, &NameSetRunPanel::runFinished);
    m_log->setColumnNames(tr("Name"), tr("Group"));
    m_log->setMetricName(tr("score"));
    m_log->showAttempts(attemptsOf);

    auto* layout = new QVBoxLayout(this);
    m_dryRun = new NameSetDryRunPanel(project, this);
    layout->addWidget(m_dryRun);
    m_prices = new PriceFields(tr("Prices"), this);
    m_prices->setToolTip(tr("A hosted model's prices, for the cost on Results and in the "
                            "report; saved in the file's settings, where probebench run reads "
                            "them."));
    bindPrices(m_prices, m_project, [](NameSetDocument& doc) -> std::optional<TokenPrices>& {
        return doc.settings.prices;
    });
    layout->addWidget(m_prices);
    layout->addWidget(m_controls);
    // One above the other, the counts wrapped: side by side their sentences would set the
    // window's narrowest width wider than a laptop's screen.
    auto* facts = new QVBoxLayout;
    m_counts = new QLabel(this);
    m_counts->setWordWrap(true);
    m_counts->setAccessibleName(tr("Validation failures"));
    m_counts->setToolTip(tr("A reply that is not exactly one JSON object of the schema is fed "
                            "back and asked again, at most 3 times; a call with no valid reply "
                            "is left out of every statistic and listed in the report."));
    facts->addWidget(m_counts);
    facts->addWidget(m_controls->storeLabel());
    layout->addLayout(facts);
    layout->addWidget(buildLog(), 1);

    connect(m_project, &NameSetProject::documentChanged, this, &NameSetRunPanel::refreshEnabled);
    connect(m_project, &NameSetProject::documentChanged, this, &NameSetRunPanel::showPlan);
    connect(m_project, &NameSetProject::runningChanged, this, &NameSetRunPanel::refreshEnabled);
    connect(m_run, &BackgroundRun::callsRecorded, this,
            [this](int, const QList<LoggedCall>& calls) { onCalls(calls); });
    connect(m_run, &BackgroundRun::analysisUpdated, this, [this](const RunResultsPtr& results) {
        if (m_controls->isRunning() && NameSetRun::resultsIn(results))
            Q_EMIT resultsUpdated(m_runDoc, results);
    });
    refreshCounts();
    refreshEnabled();
    showPlan();
}

QList<QAction*> NameSetRunPanel::actions() const
{
    return m_controls->actions();
}

NoticeBanner* NameSetRunPanel::banner() const
{
    return m_controls->banner();
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
    m_controls->setReady(!m_project->document().names.isEmpty());
    m_dryRun->setEnabled(!m_project->isRunning());
}

void NameSetRunPanel::showPlan()
{
    // A finished run's bar stays until the probe changes: it says what the run got.
    if (!m_project->isRunning())
        m_controls->progressBar()->showPlanned(NameSetRun::callCount(m_project->document()));
}

bool NameSetRunPanel::startRun()
{
    if (m_project->isRunning() || m_run->isRunning())
        return false;
    const NameSetLoadResult checked = m_project->check();
    if (!checked.ok()) {
        banner()->showMessage(
            NoticeBanner::Tone::Error,
            tr("The name set cannot run until these are fixed:\n%1").arg(checked.errorText()));
        return false;
    }
    const NameSetDocument doc = m_project->document();
    if (!m_controls->start({NameSetRun::unit(doc)}, std::make_unique<NameSetAnalyzer>(doc)))
        return false;
    // The run's reports come through the event loop, after this.
    m_runDoc = doc;
    m_reasked = 0;
    m_invalid = 0;
    m_log->clear();
    m_detail->clear();
    refreshCounts();
    return true;
}

void NameSetRunPanel::pauseRun()
{
    m_controls->pause();
}

void NameSetRunPanel::resumeRun()
{
    m_controls->resume();
}

void NameSetRunPanel::cancelRun()
{
    m_controls->cancel();
}

void NameSetRunPanel::onCalls(const QList<LoggedCall>& calls)
{
    if (!m_controls->isRunning())
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

QString NameSetRunPanel::statusText() const
{
    return m_controls->statusText();
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

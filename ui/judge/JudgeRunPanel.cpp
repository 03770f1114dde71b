#include "judge/JudgeRunPanel.h"

#include "backends/BackendFactory.h"
#include "judge/JudgeCallLogModel.h"
#include "judge/JudgeCallRecord.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeRun.h"
#include "judge/JudgeProject.h"
#include "run/BackgroundRun.h"
#include "run/FileRunControls.h"
#include "run/PriceFields.h"
#include "run/RunProgressBar.h"
#include "widgets/ActionButton.h"
#include "widgets/CallLogView.h"
#include "widgets/NoticeBanner.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace pb {

namespace {

enum JudgeColumn
{
    NameColumn,
    BackendColumn,
    ModelColumn,
    QuotesColumn,
    JudgeColumnCount
};

} // namespace

JudgeRunPanel::JudgeRunPanel(JudgeProject* project, BackgroundRun* run, QWidget* parent)
    : QWidget(parent), m_project(project), m_run(run), m_judges(new QStandardItemModel(this)),
      m_log(new JudgeCallLogModel(this)),
      m_controls(new FileRunControls(
          project, run,
          {tr("Run the ticked judges on every item (Ctrl+R). Calls already in the results "
              "store are kept and not made again."),
           tr("Go on sending judge calls after a pause (F7)."), tr("Judge run progress"),
           tr("%1 of %2 judge calls"), tr("judge probe"),
           tr("The run store `probebench run` uses for this file by default, so either one "
              "resumes the judge runs the other started."),
           tr("Some judge calls got no reply; they are recorded as failed, never filled in. "
              "Run again to retry them."),
           tr("Cancelled. The recorded calls are kept; Run resumes from there."),
           tr("&Run judges")},
          this))
{
    setAccessibleName(tr("Run the judges"));
    connect(m_controls, &FileRunControls::startWanted, this, &JudgeRunPanel::startRun);
    connect(m_controls, &FileRunControls::finished, this, &JudgeRunPanel::onFinished);
    // The run's units are the probe's judges in order: a unit's index is its judge's.
    m_controls->setStatusTexts(
        [this](int judgeIndex, qint64 runId, bool resumed) {
            return tr("Judge %1 of %2, \u201c%3\u201d: %4 run %5.")
                .arg(int(m_runJudges.indexOf(judgeIndex)) + 1)
                .arg(m_runJudges.size())
                .arg(m_runDoc.judges.value(judgeIndex).name,
                     resumed ? tr("resuming") : tr("starting"))
                .arg(runId);
        },
        [this](int judgeIndex, const RunProgress& progress) {
            QString text = tr("Judge %1 of %2, \u201c%3\u201d: %4 of %5 judge calls")
                               .arg(int(m_runJudges.indexOf(judgeIndex)) + 1)
                               .arg(m_runJudges.size())
                               .arg(m_runDoc.judges.value(judgeIndex).name)
                               .arg(progress.done())
                               .arg(progress.total);
            if (progress.resumed > 0)
                text += tr(" (%1 from an earlier session)").arg(progress.resumed);
            return text;
        });

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_controls);
    m_priceBox = new QGroupBox(tr("Prices per judge"), this);
    m_priceBox->setToolTip(tr("A hosted judge's prices, for its cost on the Report tab; saved "
                              "in the judge's settings, where probebench run reads them."));
    new QVBoxLayout(m_priceBox);
    layout->addWidget(m_priceBox);
    // Before anything else hears of an edit: a judge gone takes its price row with it.
    connect(m_project, &JudgeProject::documentChanged, this, &JudgeRunPanel::refreshPrices);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    split->addWidget(buildJudges());
    split->addWidget(buildLog());
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    connect(m_project, &JudgeProject::documentChanged, this, &JudgeRunPanel::refreshJudges);
    connect(m_project, &JudgeProject::runningChanged, this, &JudgeRunPanel::refreshEnabled);
    connect(m_run, &BackgroundRun::callsRecorded, this,
            [this](int judgeIndex, const QList<LoggedCall>& calls) {
                if (!m_controls->isRunning())
                    return;
                const JudgeConfig judge = m_runDoc.judges.value(judgeIndex);
                m_log->appendCalls(judgeIndex, judge.name,
                                   JudgeCallRecord::fromLogged(m_runDoc, judge, calls));
                refreshCounts();
            });
    connect(m_run, &BackgroundRun::analysisUpdated, this, [this](const RunResultsPtr& results) {
        const JudgeAnalysis* analysis = JudgeProbeRun::analysisIn(results);
        if (m_controls->isRunning() && analysis)
            Q_EMIT analysisUpdated(m_runDoc, *analysis);
    });
    refreshJudges();
    refreshPrices();
    refreshEnabled();
}

void JudgeRunPanel::refreshPrices()
{
    QStringList names;
    for (const JudgeConfig& j : m_project->document().judges)
        names << j.name;
    if (names == m_pricedJudges)
        return; // each row follows its own judge's prices (bindPrices)
    m_pricedJudges = names;
    qDeleteAll(m_priceFields);
    m_priceFields.clear();
    for (int i = 0; i < names.size(); ++i) {
        auto* fields = new PriceFields(names.at(i), m_priceBox);
        bindPrices(fields, m_project, [i](JudgeProbeDocument& doc) -> std::optional<TokenPrices>& {
            return doc.judges[i].prices;
        });
        m_priceBox->layout()->addWidget(fields);
        m_priceFields << fields;
    }
    m_priceBox->setVisible(!names.isEmpty());
}

QList<QAction*> JudgeRunPanel::actions() const
{
    return m_controls->actions();
}

NoticeBanner* JudgeRunPanel::banner() const
{
    return m_controls->banner();
}

QWidget* JudgeRunPanel::buildJudges()
{
    auto* box = new QGroupBox(tr("Judges"), this);
    auto* row = new QHBoxLayout(box);
    m_judgeView = new QTableView(box);
    m_judgeView->setModel(m_judges);
    m_judgeView->setAccessibleName(tr("Judges to run"));
    m_judgeView->setToolTip(tr("Tick the judges to run. Each judge is its own run in the "
                               "results store; two judges on the same items are compared side "
                               "by side."));
    m_judgeView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_judgeView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_judgeView->verticalHeader()->hide();
    m_judgeView->horizontalHeader()->setStretchLastSection(true);
    m_judgeView->setMaximumHeight(m_judgeView->fontMetrics().height() * 8);
    row->addWidget(m_judgeView, 3);

    auto* overrides = new QFormLayout;
    m_backend = new QComboBox(box);
    m_backend->addItem(tr("as in the probe"), QString());
    for (const QString& name : JudgeProbeReader::judgeBackendNames())
        m_backend->addItem(name, name);
    m_backend->setAccessibleName(tr("Backend override"));
    m_backend->setToolTip(tr("Run the ticked judges on another backend this time "
                             "(probebench run --backend). A changed judge is a new run."));
    m_model = new QLineEdit(box);
    m_model->setPlaceholderText(tr("as in the probe"));
    m_model->setAccessibleName(tr("Model override"));
    m_model->setToolTip(tr("Model tag for the ticked judges (probebench run --model)."));
    m_endpoint = new QLineEdit(box);
    m_endpoint->setPlaceholderText(tr("as in the probe, e.g. 127.0.0.1:11434"));
    m_endpoint->setAccessibleName(tr("Endpoint override"));
    m_endpoint->setToolTip(tr("Server to send the judge calls to (probebench run --endpoint)."));
    overrides->addRow(tr("&Backend:"), m_backend);
    overrides->addRow(tr("&Model:"), m_model);
    overrides->addRow(tr("En&dpoint:"), m_endpoint);
    m_controls->storeLabel()->setWordWrap(true);
    overrides->addRow(m_controls->storeLabel());
    row->addLayout(overrides, 2);
    return box;
}

QWidget* JudgeRunPanel::buildLog()
{
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    auto* left = new QWidget(split);
    auto* l = new QVBoxLayout(left);
    l->setContentsMargins(0, 0, 0, 0);
    m_counts = new QLabel(left);
    m_counts->setAccessibleName(tr("Judge call counts"));
    l->addWidget(m_counts);
    m_logView = new CallLogView(left);
    m_logView->setModel(m_log);
    m_logView->setAccessibleName(tr("Judge call log"));
    m_logView->setToolTip(tr("Every judge call as it is recorded. Replies that never "
                             "validated are kept raw as REVIEW_NEEDED, never guessed."));
    m_logView->horizontalHeader()->setSectionResizeMode(JudgeCallLogModel::FlagsColumn,
                                                        QHeaderView::Stretch);
    m_logView->setColumnDigits(JudgeCallLogModel::JudgeColumn, 16);
    m_logView->setColumnDigits(JudgeCallLogModel::ItemColumn, 8);
    m_logView->setColumnDigits(JudgeCallLogModel::VariantColumn, 20);
    m_logView->setColumnDigits(JudgeCallLogModel::RepeatColumn, 7);
    m_logView->setColumnDigits(JudgeCallLogModel::OutcomeColumn, 18);
    m_logView->setColumnDigits(JudgeCallLogModel::TotalColumn, 8);
    l->addWidget(m_logView, 1);
    split->addWidget(left);

    m_detail = new QPlainTextEdit(split);
    m_detail->setReadOnly(true);
    m_detail->setAccessibleName(tr("Selected judge call's reply"));
    m_detail->setToolTip(tr("The selected judge call's raw reply and, when it is not scored, "
                            "why."));
    m_detail->setPlaceholderText(tr("Select a judge call to read its raw reply."));
    split->addWidget(m_detail);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    connect(m_logView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &JudgeRunPanel::showSelectedCall);
    refreshCounts();
    return split;
}

void JudgeRunPanel::refreshJudges()
{
    const JudgeProbeDocument& doc = m_project->document();
    // Every edit of the probe lands here (a keystroke in an answer is one); the table is
    // refilled, losing its selection, only when the judges themselves changed.
    if (doc.judges == m_shownJudges && m_judges->columnCount() == JudgeColumnCount) {
        refreshEnabled();
        return;
    }
    m_shownJudges = doc.judges;
    // Ticks follow the judge's name, so renaming a judge elsewhere does not untick the others.
    QHash<QString, bool> ticked;
    for (int r = 0; r < m_judges->rowCount(); ++r) {
        const QStandardItem* item = m_judges->item(r, NameColumn);
        ticked.insert(item->text(), item->checkState() == Qt::Checked);
    }
    m_judges->clear();
    m_judges->setColumnCount(JudgeColumnCount);
    m_judges->setHorizontalHeaderLabels({tr("Judge"), tr("Backend"), tr("Model"), tr("Quotes")});
    m_judges->horizontalHeaderItem(QuotesColumn)
        ->setToolTip(tr("Whether the judge must quote a verbatim evidence span per criterion; "
                        "each quote is checked against the artifact."));
    for (const JudgeConfig& j : doc.judges) {
        auto* name = new QStandardItem(j.name);
        name->setCheckable(true);
        name->setCheckState(ticked.value(j.name, true) ? Qt::Checked : Qt::Unchecked);
        name->setToolTip(tr("Tick to run this judge."));
        QList<QStandardItem*> row{
            name, new QStandardItem(j.backend), new QStandardItem(j.effectiveModel()),
            new QStandardItem(j.requireEvidence ? tr("required") : tr("not asked"))};
        for (QStandardItem* item : row)
            item->setEditable(false);
        m_judges->appendRow(row);
    }
    m_judgeView->resizeColumnsToContents();
    refreshEnabled();
}

void JudgeRunPanel::refreshEnabled()
{
    const bool running = m_project->isRunning();
    m_controls->setReady(!m_project->document().judges.isEmpty());
    m_judgeView->setEnabled(!running);
    for (QWidget* w : QList<QWidget*>{m_backend, m_model, m_endpoint})
        w->setEnabled(!running);
}

QList<int> JudgeRunPanel::chosenJudges() const
{
    QList<int> out;
    for (int r = 0; r < m_judges->rowCount(); ++r) {
        if (m_judges->item(r, NameColumn)->checkState() == Qt::Checked)
            out << r;
    }
    return out;
}

void JudgeRunPanel::setJudgeChosen(int judgeIndex, bool chosen)
{
    if (QStandardItem* item = m_judges->item(judgeIndex, NameColumn))
        item->setCheckState(chosen ? Qt::Checked : Qt::Unchecked);
}

void JudgeRunPanel::setOverrides(const QString& backend, const QString& model,
                                 const QString& endpoint)
{
    const int at = m_backend->findData(backend);
    m_backend->setCurrentIndex(at < 0 ? 0 : at);
    m_model->setText(model);
    m_endpoint->setText(endpoint);
}

bool JudgeRunPanel::documentForRun(JudgeProbeDocument* doc, QString* error) const
{
    *doc = m_project->document();
    const QString backend = m_backend->currentData().toString();
    const QString model = m_model->text().trimmed();
    const QString endpoint = m_endpoint->text().trimmed();
    if (!endpoint.isEmpty() && !BackendFactory::parseEndpoint(endpoint, error)) {
        *error = tr("Endpoint: %1").arg(*error);
        return false;
    }
    for (const int i : chosenJudges()) {
        JudgeConfig& j = doc->judges[i];
        if (!backend.isEmpty())
            j.backend = backend;
        if (!model.isEmpty())
            j.model = model;
        if (!endpoint.isEmpty())
            j.endpoints = {endpoint};
        if (j.backend != QLatin1String("stand-in-judge") && j.model.isEmpty()) {
            *error = tr("Judge \"%1\" runs on %2 and needs a model: give one in Model.")
                         .arg(j.name, j.backend);
            return false;
        }
    }
    return true;
}

bool JudgeRunPanel::startRun()
{
    if (m_project->isRunning() || m_run->isRunning())
        return false;
    const JudgeProbeLoadResult checked = m_project->check();
    if (!checked.ok()) {
        banner()->showMessage(
            NoticeBanner::Tone::Error,
            tr("The judge probe cannot run until these are fixed:\n%1").arg(checked.errorText()));
        return false;
    }
    const QList<int> judges = chosenJudges();
    if (judges.isEmpty()) {
        banner()->showMessage(NoticeBanner::Tone::Error, tr("Tick at least one judge to run."));
        return false;
    }
    QString error;
    JudgeProbeDocument doc;
    if (!documentForRun(&doc, &error)) {
        banner()->showMessage(NoticeBanner::Tone::Error, error);
        return false;
    }
    if (!m_controls->start(JudgeProbeRun::units(doc, judges), std::make_unique<JudgeAnalyzer>(doc)))
        return false;
    // The run's reports come through the event loop, after this.
    m_runDoc = doc;
    m_runJudges = judges;
    m_log->clear();
    m_detail->clear();
    refreshCounts();
    return true;
}

void JudgeRunPanel::togglePause()
{
    if (m_controls->isPaused())
        m_controls->resume();
    else
        m_controls->pause();
}

void JudgeRunPanel::cancelRun()
{
    m_controls->cancel();
}

void JudgeRunPanel::onFinished(RunOutcome outcome, const QString& message)
{
    // The controls said how the run ended; the judge's line adds what the log holds.
    const JudgeCallLogModel::Counts c = m_log->counts();
    const QString counts = tr("%1 judge calls recorded: %2 scored, %3 need review, %4 failed.")
                               .arg(m_log->rowCount())
                               .arg(c.scored)
                               .arg(c.reviewNeeded)
                               .arg(c.failed);
    m_controls->setStatus(m_controls->statusText() + QLatin1Char(' ') + counts);
    if (outcome == RunOutcome::Completed && c.reviewNeeded > 0)
        banner()->showMessage(NoticeBanner::Tone::Warning,
                              tr("%1 of %2 replies never validated, even after the re-asks: "
                                 "they are REVIEW_NEEDED, kept raw for a person and not "
                                 "scored. Select one in the log to read it.")
                                  .arg(c.reviewNeeded)
                                  .arg(m_log->rowCount()));
    Q_EMIT runFinished(outcome, message);
}

QString JudgeRunPanel::statusText() const
{
    return m_controls->statusText();
}

void JudgeRunPanel::refreshCounts()
{
    const JudgeCallLogModel::Counts c = m_log->counts();
    m_counts->setText(tr("Scored %1 \u00b7 REVIEW_NEEDED %2 \u00b7 failed %3 \u00b7 "
                         "invented quotes %4")
                          .arg(c.scored)
                          .arg(c.reviewNeeded)
                          .arg(c.failed)
                          .arg(c.hallucinatedQuotes));
    m_counts->setToolTip(tr("REVIEW_NEEDED: the reply never validated and is kept raw for a "
                            "person. Invented quotes: evidence spans not found in the artifact "
                            "(HALLUCINATED_EVIDENCE); those verdicts are not scored."));
}

void JudgeRunPanel::showSelectedCall()
{
    const QModelIndex index = m_logView->currentIndex();
    if (!index.isValid()) {
        m_detail->clear();
        return;
    }
    const QString problem =
        index.siblingAtColumn(0).data(JudgeCallLogModel::ProblemRole).toString();
    const QString raw = index.siblingAtColumn(0).data(JudgeCallLogModel::RawOutputRole).toString();
    const QString reply = tr("Raw reply:\n%1").arg(raw);
    m_detail->setPlainText(
        problem.isEmpty() ? reply : tr("Why it is not scored:\n%1\n\n").arg(problem) + reply);
}

} // namespace pb

#include "pages/ResultsPage.h"

#include "design/FactCheck.h"
#include "project/ProbeProject.h"
#include "report/ReportBuilder.h"
#include "results/ChartFile.h"
#include "results/ChoiceResultsView.h"
#include "results/GapChartView.h"
#include "results/GenerativeResultsView.h"
#include "results/NoiseComparisonChartView.h"
#include "results/NullDistributionChartView.h"
#include "results/NumericResultsText.h"
#include "results/PerItemTableModel.h"
#include "results/ReplyComparisonDialog.h"
#include "results/RunAnalysisLoader.h"
#include "results/RunLabel.h"
#include "run/BackgroundRun.h"
#include "run/ModelProbeRun.h"
#include "run/RunCostView.h"
#include "run/StoredCallsLoader.h"
#include "widgets/NoticeBanner.h"
#include "widgets/ResultsTableView.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace pb {
namespace {

ReportContext contextFor(const ProbeDocument& doc)
{
    ReportContext c;
    c.title = doc.title;
    c.attributeName = doc.attribute.name;
    c.probe = doc;
    c.models << doc.settings.model;
    c.pairMismatches = FactCheck::mismatches(doc);
    return c;
}

} // namespace

ResultsPage::ResultsPage(ProbeProject* project, BackgroundRun* run, QWidget* parent)
    : QWidget(parent), m_project(project), m_run(run)
{
    m_loader = new RunAnalysisLoader(project, this);
    m_redraw.setSingleShot(true);
    m_redraw.setInterval(40);
    connect(&m_redraw, &QTimer::timeout, this, &ResultsPage::redraw);

    m_runPicker = new QComboBox(this);
    m_runPicker->setAccessibleName(tr("Run shown"));
    m_runPicker->setToolTip(tr("Each run is one fixed configuration of the probe; runs are kept "
                               "side by side, never mixed."));
    m_runPicker->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* pickerLabel = new QLabel(tr("&Run:"), this);
    pickerLabel->setBuddy(m_runPicker);
    auto* exportButton = new QPushButton(tr("&Export charts..."), this);
    exportButton->setAccessibleName(tr("Export charts as PNG and SVG"));
    exportButton->setToolTip(tr("Write the three charts as PNG and SVG files (Ctrl+Shift+E)"));
    auto* openButton = new QPushButton(tr("&Open item replies"), this);
    openButton->setAccessibleName(tr("Open the selected item's replies side by side"));
    openButton->setToolTip(tr("Read the selected item's replies for both values, seed by seed, "
                              "with the differing words highlighted (Enter)"));

    m_headline = new QLabel(this);
    m_headline->setObjectName(QStringLiteral("resultsHeadline"));
    m_headline->setAccessibleName(tr("Result"));
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = m_headline->font();
    big.setPointSizeF(big.pointSizeF() * 1.45);
    big.setBold(true);
    m_headline->setFont(big);
    m_headline->setWordWrap(true);
    m_detail = new QLabel(this);
    m_detail->setObjectName(QStringLiteral("resultsDetail"));
    m_detail->setAccessibleName(tr("Tests and noise check"));
    m_detail->setWordWrap(true);
    m_detail->setTextFormat(Qt::RichText);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail->setToolTip(
        tr("p: the chance of an average gap at least this far from zero if the attribute made no "
           "difference. Sign-flip test: every item's gap is given each sign in turn. Sign test: "
           "counts how many gaps lean each way. Bootstrap interval: the range of average gaps "
           "seen when the items are resampled."));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("resultsStatus"));
    m_banner = new NoticeBanner(this);
    m_banner->setObjectName(QStringLiteral("resultsNotice"));
    m_banner->setAccessibleName(tr("What to know about this run"));

    m_gapChart = new GapChartView(this);
    m_nullChart = new NullDistributionChartView(this);
    m_noiseChart = new NoiseComparisonChartView(this);
    for (QChartView* v :
         std::initializer_list<QChartView*>{m_gapChart, m_nullChart, m_noiseChart}) {
        ChartFile::addSaveAction(v, this);
    }

    m_model = new PerItemTableModel(this);
    m_sorted = new QSortFilterProxyModel(this);
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(Qt::EditRole);
    m_table = new QTableView(this);
    ResultsTableView::configure(m_table, m_sorted, tr("Per-item results"));
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto* top = new QHBoxLayout;
    top->addWidget(pickerLabel);
    top->addWidget(m_runPicker, 1);
    top->addWidget(openButton);
    top->addWidget(exportButton);

    auto* side = new QSplitter(Qt::Vertical, this);
    side->addWidget(m_nullChart);
    side->addWidget(m_noiseChart);
    auto* charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(m_gapChart);
    charts->addWidget(side);
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 2);
    auto* main = new QSplitter(Qt::Vertical, this);
    main->setObjectName(QStringLiteral("resultsSplitter"));
    main->addWidget(charts);
    main->addWidget(m_table);
    main->setStretchFactor(0, 3);
    main->setStretchFactor(1, 2);

    // A numeric, a choice and a generative run are read differently: each has its own view.
    auto* numeric = new QWidget(this);
    auto* numericLayout = new QVBoxLayout(numeric);
    numericLayout->setContentsMargins(0, 0, 0, 0);
    numericLayout->addWidget(m_headline);
    numericLayout->addWidget(m_detail);
    numericLayout->addWidget(main, 1);
    m_choiceView = new ChoiceResultsView(this);
    m_views = new QStackedWidget(this);
    m_views->addWidget(numeric);
    m_views->addWidget(m_choiceView);
    m_generativeView = new GenerativeResultsView(this);
    m_views->addWidget(m_generativeView);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_banner);
    layout->addWidget(m_views, 1);
    m_cost = new RunCostView(this);
    layout->addWidget(m_cost);
    layout->addWidget(m_status);

    connect(exportButton, &QPushButton::clicked, this, &ResultsPage::exportChartsInteractively);
    connect(openButton, &QPushButton::clicked, this, &ResultsPage::openSelectedItem);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
        openItem(m_sorted->data(index, PerItemTableModel::ItemIdRole).toString());
    });
    connect(m_gapChart, &GapChartView::itemClicked, this, &ResultsPage::openItem);
    for (DistanceResultsView* view :
         std::initializer_list<DistanceResultsView*>{m_choiceView, m_generativeView}) {
        connect(view, &DistanceResultsView::repliesRequested, this, &ResultsPage::openItem);
    }
    connect(m_runPicker, &QComboBox::currentIndexChanged, this, &ResultsPage::onRunPicked);
    connect(m_loader, &RunAnalysisLoader::loaded, this, &ResultsPage::onLoaded);
    connect(m_loader, &RunAnalysisLoader::failed, this,
            [this](qint64 runId, const QString& message) {
                m_status->setText(tr("Run %1 could not be read: %2").arg(runId).arg(message));
            });
    buildActions();

    if (m_run) {
        connect(m_run, &BackgroundRun::unitStarted, this,
                [this](int, qint64 runId, bool) { onLiveStarted(runId); });
        connect(m_run, &BackgroundRun::analysisUpdated, this, [this](const RunResultsPtr& r) {
            if (const ChoiceAnalysis* choice = ModelProbeRun::choiceIn(r)) {
                m_liveChoice = *choice; // before the numeric one, whose arrival redraws
            }
            if (const GenerativeAnalysis* generative = ModelProbeRun::generativeIn(r)) {
                m_liveGenerative = *generative;
            }
            if (const ProbeAnalysis* analysis = ModelProbeRun::analysisIn(r)) {
                onLiveAnalysis(*analysis);
            }
        });
        connect(m_run, &BackgroundRun::finished, this,
                [this](RunOutcome, const QString&) { onLiveFinished(m_run->runId()); });
    }
    if (m_project) {
        connect(m_project, &ProbeProject::runsChanged, this, &ResultsPage::refreshRuns);
        connect(m_project, &ProbeProject::documentChanged, this, [this] {
            m_context.priceAt(m_project->document().settings); // a price edited on Run
            showCost();
        });
        connect(m_project, &ProbeProject::runRescored, this, [this](qint64 id) {
            if (id == m_shownRunId && !m_followLive) {
                showRun(id);
            }
        });
        connect(m_project, &ProbeProject::fileChanged, this, [this] {
            m_followLive = false;
            m_shownRunId = 0;
            m_analysis.reset();
            m_choice.reset();
            m_generative.reset();
            m_calls.clear();
            m_context = ReportContext();
            showNotices();
            showCost();
            refreshRuns();
            if (m_runPicker->count() > 0) {
                m_runPicker->setCurrentIndex(m_runPicker->count() - 1);
            } else {
                scheduleRedraw();
            }
        });
    }
    refreshRuns();
    if (m_runPicker->count() > 0) {
        m_runPicker->setCurrentIndex(m_runPicker->count() - 1);
    }
    redraw();
}

ResultsPage::~ResultsPage() = default;

void ResultsPage::buildActions()
{
    auto* exportAction = new QAction(tr("Export charts"), this);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(exportAction, &QAction::triggered, this, &ResultsPage::exportChartsInteractively);
    addAction(exportAction);
    auto* reload = new QAction(tr("Reload run"), this);
    // Not QKeySequence::Refresh: F5 and Ctrl+R start the run from every page.
    reload->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F5));
    reload->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(reload, &QAction::triggered, this, [this] {
        if (m_shownRunId > 0 && !m_followLive) {
            showRun(m_shownRunId);
        }
    });
    addAction(reload);
}

const std::optional<ProbeAnalysis>& ResultsPage::shownAnalysis() const
{
    return m_followLive ? m_liveAnalysis : m_analysis;
}

void ResultsPage::refreshRuns()
{
    if (!m_project) {
        return;
    }
    m_pickerUpdating = true;
    m_runPicker->clear();
    for (const RunRecord& r : m_project->runs()) {
        QString label = RunLabel::text(r);
        if (r.id == m_liveRunId && m_run && m_run->isRunning()) {
            label += tr(" (running)");
        }
        m_runPicker->addItem(label, r.id);
    }
    m_runPicker->setCurrentIndex(m_runPicker->findData(m_shownRunId));
    m_pickerUpdating = false;
}

void ResultsPage::onRunPicked(int index)
{
    if (m_pickerUpdating || index < 0) {
        return;
    }
    const qint64 runId = m_runPicker->itemData(index).toLongLong();
    if (runId == m_liveRunId && m_liveAnalysis) {
        m_loader->cancel();
        m_followLive = true;
        m_shownRunId = runId;
        scheduleRedraw();
        return;
    }
    showRun(runId);
}

void ResultsPage::showRun(qint64 runId)
{
    if (m_followLive && runId == m_liveRunId) {
        // What was shown live stays up until the stored run replaces it.
        m_analysis = m_liveAnalysis;
        m_choice = m_liveChoice;
        m_generative = m_liveGenerative;
    }
    m_followLive = false;
    m_shownRunId = runId;
    m_status->setText(tr("Reading run %1...").arg(runId));
    m_pickerUpdating = true;
    m_runPicker->setCurrentIndex(m_runPicker->findData(runId));
    m_pickerUpdating = false;
    m_loader->load(runId);
}

void ResultsPage::onLoaded(const RunEvidence& run)
{
    if (m_followLive || run.record.id != m_shownRunId) {
        return; // the user moved on, or a live run took over
    }
    m_analysis = run.analysis;
    m_choice = run.choice;
    m_generative = run.generative;
    m_calls.clear(); // a stored run's calls are read from the store when an item is opened
    m_context = run.context;
    m_source = RunLabel::text(run.record);
    showNotices();
    showCost();
    redraw();
    Q_EMIT runShown(run.record.id);
}

void ResultsPage::showCost()
{
    if (m_context.cost)
        m_cost->setCost(*m_context.cost);
    else
        m_cost->clear();
}

void ResultsPage::showNotices()
{
    QStringList lines;
    if (m_context.completeness && !m_context.completeness->complete()) {
        lines << ReportBuilder::incompleteSentence(*m_context.completeness);
    }
    if (!m_context.pairMismatches.isEmpty()) {
        lines << ReportBuilder::pairMismatchSentence(m_context.pairMismatches);
    }
    m_model->setPairMismatches(m_context.pairMismatches);
    if (lines.isEmpty()) {
        m_banner->hide();
    } else {
        m_banner->showMessage(NoticeBanner::Tone::Warning, lines.join(QLatin1Char('\n')));
    }
}

void ResultsPage::showAnalysis(const ProbeAnalysis& analysis, const QList<LoggedCall>& calls,
                               const QString& source)
{
    m_loader->cancel();
    m_followLive = false;
    m_shownRunId = 0;
    m_analysis = analysis;
    m_choice.reset();
    m_generative.reset();
    m_calls = calls;
    m_source = source;
    m_context = ReportContext();
    showNotices();
    showCost();
    m_pickerUpdating = true;
    m_runPicker->setCurrentIndex(-1);
    m_pickerUpdating = false;
    scheduleRedraw();
}

void ResultsPage::onLiveStarted(qint64 runId)
{
    m_loader->cancel();
    m_liveRunId = runId;
    m_liveAnalysis.reset();
    m_liveChoice.reset();
    m_liveGenerative.reset();
    m_followLive = true;
    m_shownRunId = runId;
    if (m_project) {
        m_context = contextFor(m_project->document());
    }
    showNotices();
    showCost();
    m_source = tr("Run %1 (running)").arg(runId);
    refreshRuns();
    scheduleRedraw();
}

void ResultsPage::onLiveAnalysis(const ProbeAnalysis& analysis)
{
    m_liveAnalysis = analysis;
    if (m_followLive) {
        scheduleRedraw();
    }
}

void ResultsPage::onLiveFinished(qint64 runId)
{
    if (runId != m_liveRunId) {
        return;
    }
    m_source = tr("Run %1").arg(runId);
    refreshRuns();
    if (m_followLive) {
        // The finished run is shown as stored, read as the CLI reads it: the same numbers,
        // and what the store says about how complete it is.
        showRun(runId);
    }
}

void ResultsPage::scheduleRedraw()
{
    // Not restarted while pending: a steady stream of updates still redraws every 40 ms.
    if (!m_redraw.isActive()) {
        m_redraw.start();
    }
}

DistanceResultsView* ResultsPage::shownDistanceView() const
{
    return shownChoice()       ? static_cast<DistanceResultsView*>(m_choiceView)
           : shownGenerative() ? m_generativeView
                               : nullptr;
}

QString ResultsPage::headlineText() const
{
    const DistanceResultsView* view = shownDistanceView();
    return view ? view->headlineText() : m_headline->text();
}

void ResultsPage::showModeStatus(const QString& calls)
{
    const bool live = m_followLive && m_run && m_run->isRunning();
    m_status->setText(m_source + calls + (live ? tr(" (updating live)") : QString()));
}

QString ResultsPage::detailText() const
{
    return m_detail->text();
}

void ResultsPage::redraw()
{
    m_redraw.stop();
    if (const std::optional<ChoiceAnalysis>& c = shownChoice()) {
        m_views->setCurrentWidget(m_choiceView);
        m_choiceView->setAnalysis(*c, m_context);
        showModeStatus(ChoiceResultsView::callsText(*c));
        return;
    }
    if (const std::optional<GenerativeAnalysis>& g = shownGenerative()) {
        m_views->setCurrentWidget(m_generativeView);
        m_generativeView->setAnalysis(*g, m_context);
        showModeStatus(GenerativeResultsView::callsText(*g));
        return;
    }
    m_views->setCurrentIndex(0);
    const std::optional<ProbeAnalysis>& a = shownAnalysis();
    if (!a) {
        m_headline->setText(m_followLive ? tr("Waiting for the first replies...")
                                         : tr("No results yet: run the probe, or pick a run."));
        m_detail->clear();
        m_gapChart->clear();
        m_nullChart->clear();
        m_noiseChart->clear();
        m_model->clear();
        if (!m_followLive && m_shownRunId == 0) {
            m_status->clear();
        }
        return;
    }
    const PerItemTable& t = a->probe.table;
    const SignFlipResult& flip = a->probe.signFlip;
    m_gapChart->setGaps(t, a->metricName,
                        a->noise ? std::optional<double>(a->noise->table.averageGap())
                                 : std::nullopt);
    if (a->hasResult()) {
        m_nullChart->setResult(flip, a->metricName);
    } else {
        m_nullChart->clear(); // no gap was tested: no null distribution, no "p = 1.000"
    }
    m_noiseChart->setAnalysis(*a);
    m_model->setTable(t);

    m_headline->setText(
        NumericResultsText::headline(*a, m_followLive && m_run && m_run->isRunning()));
    m_detail->setText(NumericResultsText::detailHtml(*a, m_context));

    QString status = m_source;
    status += tr(": %1 calls analysed, %2 failed, %3 not scored")
                  .arg(a->callsLogged)
                  .arg(a->callsFailed)
                  .arg(a->repliesFlagged + a->repliesUnscored);
    if (m_followLive && m_run && m_run->isRunning()) {
        status += tr(" (updating live)");
    }
    m_status->setText(status);
}

QStringList ResultsPage::exportCharts(const QString& folder, const QString& stem, QString* error)
{
    const DistanceResultsView* view = shownDistanceView();
    const QList<QPair<QString, QChartView*>> charts =
        view ? view->charts()
             : QList<QPair<QString, QChartView*>>{
                   {QStringLiteral("gaps"), m_gapChart},
                   {QStringLiteral("null-distribution"), m_nullChart},
                   {QStringLiteral("same-versus-same"), m_noiseChart}};
    return ChartFile::saveAll(charts, folder, stem, error);
}

void ResultsPage::exportChartsInteractively()
{
    const QString folder =
        QFileDialog::getExistingDirectory(this, tr("Export charts to folder"), QDir::homePath());
    if (folder.isEmpty()) {
        return;
    }
    QString error;
    const QString stem =
        m_shownRunId > 0 ? QStringLiteral("run%1").arg(m_shownRunId) : QStringLiteral("results");
    const QStringList written = exportCharts(folder, stem, &error);
    m_status->setText(
        error.isEmpty() ? tr("Wrote %1 chart files to %2").arg(written.size()).arg(folder) : error);
}

void ResultsPage::openSelectedItem()
{
    const QModelIndex current = m_table->currentIndex();
    if (const DistanceResultsView* view = shownDistanceView()) {
        openItem(view->selectedItem());
    } else if (current.isValid()) {
        openItem(m_sorted->data(current, PerItemTableModel::ItemIdRole).toString());
    }
}

QWidget* ResultsPage::openItem(const QString& itemId)
{
    const std::optional<ProbeAnalysis>& a = shownAnalysis();
    if (!a || itemId.isEmpty()) {
        return nullptr;
    }
    const bool stored = m_shownRunId > 0 && m_project; // a stored run, or one still running
    if (!stored && m_calls.isEmpty()) {
        m_status->setText(tr("This result has no replies to show (it was imported without them)."));
        return nullptr;
    }
    // A mode that measures against the noise floor shows A again beside A and B.
    const std::optional<ProbeDocument>& probe = m_context.probe;
    const bool againstNoise = (shownChoice() || shownGenerative()) && probe && probe->noise.enabled;
    auto* dialog = new ReplyComparisonDialog(
        m_calls, itemId, a->valueA, a->valueB, a->metricName, this,
        againstNoise ? std::optional<qint64>(probe->noise.seedOffset) : std::nullopt,
        a->noiseLabel);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (stored) {
        // Only this item's calls are read, whole, off the GUI thread: the page holds none of
        // a run's calls, so a large run costs the window no more than its table.
        auto* loader = new StoredCallsLoader(m_project, dialog);
        connect(loader, &StoredCallsLoader::loaded, dialog,
                [dialog](qint64, const QList<LoggedCall>& calls) { dialog->setCalls(calls); });
        connect(loader, &StoredCallsLoader::failed, this,
                [this](qint64, const QString& message) { m_status->setText(message); });
        loader->loadItem(m_shownRunId, itemId);
    }
    dialog->show();
    return dialog;
}

} // namespace pb

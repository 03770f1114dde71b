#include "pages/ReportPage.h"

#include "choice/ChoiceReport.h"
#include "generative/GenerativeReport.h"
#include "log/CsvLogWriter.h"
#include "project/ProbeProject.h"
#include "report/ReportBuilder.h"
#include "report/ResultsFolder.h"
#include "report/RunComparison.h"
#include "results/ChartStyle.h"
#include "results/RescoreDialog.h"
#include "results/RunAnalysisLoader.h"
#include "results/RunLabel.h"
#include "run/WorkerThread.h"
#include "store/RunStore.h"
#include "widgets/PreviewHtml.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPdfWriter>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollBar>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>

namespace pb {
namespace {

bool writeText(const QString& path, const QString& text, QString* error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text.toUtf8()) < 0 || !f.commit()) {
        *error = QObject::tr("%1: cannot write: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

ComparedRun compared(const RunEvidence& run, const QString& role)
{
    return ComparedRun{QObject::tr("run %1 (%2)").arg(run.record.id).arg(role), run.analysis,
                       run.probe};
}

} // namespace

ReportPage::ReportPage(ProbeProject* project, QWidget* parent)
    : QWidget(parent), m_project(project),
      m_exporter(std::make_unique<WorkerThread>(QStringLiteral("report-export")))
{
    m_loader = new RunAnalysisLoader(project, this);
    m_comparisonLoader = new RunAnalysisLoader(project, this);
    // Changes that come together (a file opened: fileChanged, then runsChanged) make one
    // read of a run, not one each: reading a large run is not cheap.
    m_reload = new QTimer(this);
    m_reload->setSingleShot(true);
    m_reload->setInterval(0);
    connect(m_reload, &QTimer::timeout, this, &ReportPage::readChosenRuns);

    m_runPicker = new QComboBox(this);
    m_runPicker->setAccessibleName(tr("Run to report"));
    m_runPicker->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* runLabel = new QLabel(tr("&Run:"), this);
    runLabel->setBuddy(m_runPicker);
    m_comparisonPicker = new QComboBox(this);
    m_comparisonPicker->setAccessibleName(tr("Run to compare with"));
    m_comparisonPicker->setToolTip(
        tr("Compare two runs of the same probe side by side, e.g. before and after a mitigation. "
           "They should share items, seeds and metric; the report warns when they do not."));
    m_comparisonPicker->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* comparisonLabel = new QLabel(tr("&Compare with:"), this);
    comparisonLabel->setBuddy(m_comparisonPicker);

    m_preview = new QTextBrowser(this);
    m_preview->setObjectName(QStringLiteral("reportPreview"));
    m_preview->setAccessibleName(tr("Report preview"));
    m_preview->setOpenExternalLinks(false);
    m_status = new QLabel(this);

    auto* top = new QHBoxLayout;
    top->addWidget(runLabel);
    top->addWidget(m_runPicker, 1);
    top->addWidget(comparisonLabel);
    top->addWidget(m_comparisonPicker, 1);
    auto* buttons = new QHBoxLayout;
    const QList<QPair<QString, QString>> exports = {
        {QStringLiteral("md"), tr("Export &Markdown...")},
        {QStringLiteral("html"), tr("Export &HTML...")},
        {QStringLiteral("pdf"), tr("Export &PDF...")},
        {QStringLiteral("csv"), tr("Export CSV &log...")},
        {QStringLiteral("folder"), tr("Export results &folder...")}};
    for (const auto& [kind, text] : exports) {
        auto* b = new QPushButton(text, this);
        b->setAccessibleName(QString(text).remove(QLatin1Char('&')).remove(QStringLiteral("...")));
        connect(b, &QPushButton::clicked, this, [this, kind] { exportInteractively(kind); });
        buttons->addWidget(b);
    }
    m_rescoreAction = new QAction(tr("Re-&score with a corrected metric..."), this);
    m_rescoreAction->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_R));
    m_rescoreAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_rescoreAction->setToolTip(
        tr("Scores the logged replies again with a corrected metric, both values at once; the "
           "report records the change."));
    connect(m_rescoreAction, &QAction::triggered, this, &ReportPage::openRescoreDialog);
    addAction(m_rescoreAction);
    auto* rescore = new QPushButton(m_rescoreAction->text(), this);
    rescore->setAccessibleName(tr("Re-score with a corrected metric"));
    rescore->setToolTip(m_rescoreAction->toolTip());
    connect(rescore, &QPushButton::clicked, m_rescoreAction, &QAction::trigger);
    connect(m_rescoreAction, &QAction::changed, rescore,
            [this, rescore] { rescore->setEnabled(m_rescoreAction->isEnabled()); });
    buttons->addWidget(rescore);
    buttons->addStretch(1);
    buttons->addWidget(m_status);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_preview, 1);
    layout->addLayout(buttons);

    connect(m_runPicker, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!m_pickerUpdating && index >= 0) {
            setRun(m_runPicker->itemData(index).toLongLong());
        }
    });
    connect(m_comparisonPicker, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!m_pickerUpdating && index >= 0) {
            setComparisonRun(m_comparisonPicker->itemData(index).toLongLong());
        }
    });
    connect(m_loader, &RunAnalysisLoader::loaded, this, [this](const RunEvidence& run) {
        if (run.record.id == m_runId) {
            m_run = run;
            rebuild();
            updateRescoreAction();
        }
    });
    connect(m_comparisonLoader, &RunAnalysisLoader::loaded, this, [this](const RunEvidence& run) {
        if (run.record.id == m_comparisonId) {
            m_comparison = run;
            rebuild();
        }
    });
    for (RunAnalysisLoader* l : {m_loader, m_comparisonLoader}) {
        connect(l, &RunAnalysisLoader::failed, this, [this](qint64 id, const QString& message) {
            m_status->setText(tr("Run %1 could not be read: %2").arg(id).arg(message));
        });
    }
    buildActions();
    if (m_project) {
        connect(m_project, &ProbeProject::runsChanged, this, &ReportPage::refreshRuns);
        connect(m_project, &ProbeProject::runningChanged, this, &ReportPage::updateRescoreAction);
        connect(m_project, &ProbeProject::rescoringChanged, this, &ReportPage::updateRescoreAction);
        connect(m_project, &ProbeProject::runRescored, this, [this](qint64 id) {
            if (id == m_runId || id == m_comparisonId) {
                reloadSoon();
            }
        });
        // A price edited on the Run tab costs the runs shown again; nothing is read again.
        connect(m_project, &ProbeProject::documentChanged, this, [this] {
            bool repriced = false;
            for (std::optional<RunEvidence>* shown : {&m_run, &m_comparison}) {
                if (!*shown)
                    continue;
                const std::optional<RunCost> before = (*shown)->context.cost;
                (*shown)->context.priceAt(m_project->document().settings);
                repriced = repriced || (*shown)->context.cost != before;
            }
            if (repriced)
                rebuild();
        });
        connect(m_project, &ProbeProject::fileChanged, this, [this] {
            m_runId = 0;
            m_comparisonId = 0;
            m_latestId = 0;
            m_run.reset();
            m_comparison.reset();
            refreshRuns();
        });
    }
    refreshRuns();
}

ReportPage::~ReportPage() = default;

void ReportPage::buildActions()
{
    const QList<QPair<QString, QKeySequence>> keys = {
        {QStringLiteral("md"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M)},
        {QStringLiteral("html"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H)},
        {QStringLiteral("pdf"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)},
        {QStringLiteral("csv"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L)},
        {QStringLiteral("folder"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F)}};
    for (const auto& [kind, key] : keys) {
        auto* a = new QAction(tr("Export %1").arg(kind), this);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(a, &QAction::triggered, this, [this, k = kind] { exportInteractively(k); });
        addAction(a);
    }
}

void ReportPage::refreshRuns()
{
    if (!m_project) {
        return;
    }
    const QList<RunRecord> runs = m_project->runs();
    m_pickerUpdating = true;
    m_runPicker->clear();
    m_comparisonPicker->clear();
    m_comparisonPicker->addItem(tr("(no comparison)"), qint64(0));
    for (const RunRecord& r : runs) {
        m_runPicker->addItem(RunLabel::text(r), r.id);
        m_comparisonPicker->addItem(RunLabel::text(r), r.id);
    }
    m_pickerUpdating = false;
    const qint64 latest = runs.isEmpty() ? 0 : runs.last().id;
    const bool followLatest = m_runId == 0 || m_runId == m_latestId;
    m_latestId = latest;
    // Read again even when the same runs stay: their calls may have changed since.
    m_runId = followLatest || m_runPicker->findData(m_runId) < 0 ? latest : m_runId;
    m_comparisonId = m_comparisonPicker->findData(m_comparisonId) > 0 ? m_comparisonId : 0;
    reloadSoon();
    updateRescoreAction();
}

void ReportPage::reloadSoon()
{
    m_run.reset();
    m_comparison.reset();
    m_loader->cancel();
    m_comparisonLoader->cancel();
    m_pickerUpdating = true;
    m_runPicker->setCurrentIndex(m_runPicker->findData(m_runId));
    m_comparisonPicker->setCurrentIndex(std::max(0, m_comparisonPicker->findData(m_comparisonId)));
    m_pickerUpdating = false;
    if (m_runId > 0) {
        m_status->setText(tr("Reading run %1...").arg(m_runId));
    }
    rebuild();
    m_reload->start();
}

void ReportPage::setRun(qint64 runId)
{
    m_runId = runId;
    m_run.reset();
    m_pickerUpdating = true;
    m_runPicker->setCurrentIndex(m_runPicker->findData(runId));
    m_pickerUpdating = false;
    m_status->setText(tr("Reading run %1...").arg(runId));
    m_loader->load(runId);
    rebuild();
    updateRescoreAction();
}

void ReportPage::updateRescoreAction()
{
    // A choice run's readings are distributions and a generative run's embeddings, which no
    // corrected metric replaces (core's Rescoring refuses them too).
    const bool choice = m_run && (m_run->choice || m_run->generative);
    m_rescoreAction->setEnabled(m_project && m_runId > 0 && !m_project->isRunning() &&
                                !m_project->isRescoring() && !choice);
}

RescoreDialog* ReportPage::openRescoreDialog()
{
    updateRescoreAction();
    if (!m_rescoreAction->isEnabled()) {
        return nullptr;
    }
    auto* dialog = new RescoreDialog(m_project, m_runId, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

void ReportPage::setComparisonRun(qint64 runId)
{
    m_comparisonId = runId;
    m_comparison.reset();
    m_pickerUpdating = true;
    m_comparisonPicker->setCurrentIndex(std::max(0, m_comparisonPicker->findData(runId)));
    m_pickerUpdating = false;
    if (runId > 0) {
        m_comparisonLoader->load(runId);
    } else {
        m_comparisonLoader->cancel();
    }
    rebuild();
}

bool ReportPage::isReady() const
{
    return m_run.has_value() && (m_comparisonId == 0 || m_comparison.has_value());
}

void ReportPage::rebuild()
{
    if (!m_run) {
        m_report = ReportDocument();
        m_preview->setHtml(m_runId == 0 ? tr("<p>No run to report yet: run the probe first.</p>")
                                        : tr("<p>Reading run %1\u2026</p>").arg(m_runId));
        Q_EMIT reportChanged();
        return;
    }
    if (m_comparisonId > 0 && !m_comparison) {
        m_status->setText(tr("Reading run %1 to compare...").arg(m_comparisonId));
        return;
    }
    // A choice run's report is ChoiceReport's and a generative run's GenerativeReport's, as
    // `probebench run` writes them; their distances are never set beside a numeric run's gaps.
    const bool choice = m_run->choice.has_value() || m_run->generative.has_value() ||
                        (m_comparison && (m_comparison->choice || m_comparison->generative));
    m_report = m_run->choice       ? ChoiceReport::build(m_run->context, *m_run->choice)
               : m_run->generative ? GenerativeReport::build(m_run->context, *m_run->generative)
                                   : ReportBuilder::build(m_run->context, m_run->analysis);
    if (m_comparison && m_comparisonId != m_runId && !choice) {
        // The earlier run is "before": a mitigation is always run after what it fixes.
        const bool otherFirst = m_comparison->record.id < m_run->record.id;
        const RunEvidence& before = otherFirst ? *m_comparison : *m_run;
        const RunEvidence& after = otherFirst ? *m_run : *m_comparison;
        RunComparison::appendSection(&m_report, compared(before, tr("before")),
                                     compared(after, tr("after")));
    }
    m_preview->setHtml(previewHtml());
    if (m_comparison && m_comparisonId != m_runId && !choice) {
        // Picking a run to compare is asking to see the comparison: bring it into view once
        // the preview is laid out.
        QTimer::singleShot(0, this, &ReportPage::scrollToComparison);
    }
    QString status = tr("Report for %1").arg(RunLabel::text(m_run->record));
    if (m_run->context.completeness && !m_run->context.completeness->complete()) {
        status += QStringLiteral(" \u00B7 ") +
                  ReportBuilder::incompleteSentence(*m_run->context.completeness);
    }
    if (choice && m_comparisonId > 0 && m_comparisonId != m_runId) {
        status += tr(" \u00B7 runs are set side by side for numeric metrics only");
    }
    m_status->setText(status);
    Q_EMIT reportChanged();
}

void ReportPage::scrollToComparison()
{
    if (m_comparison && m_comparisonId != m_runId) {
        m_preview->scrollToAnchor(QStringLiteral("comparison"));
    }
}

void ReportPage::holdReadsWhileHidden(bool hold)
{
    m_holdWhileHidden = hold;
    if (!hold && m_readPending) {
        readChosenRuns();
    }
}

void ReportPage::readChosenRuns()
{
    if (m_holdWhileHidden && !isVisible()) {
        m_readPending = true;
        return;
    }
    m_readPending = false;
    if (m_runId > 0) {
        m_loader->load(m_runId);
    }
    if (m_comparisonId > 0) {
        m_comparisonLoader->load(m_comparisonId);
    }
}

void ReportPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_readPending) {
        readChosenRuns();
    }
    QTimer::singleShot(0, this, &ReportPage::scrollToComparison);
}

void ReportPage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    // The preview's colours come from the palette: a theme switch renders it again.
    if (event->type() == QEvent::PaletteChange && m_run) {
        const int scroll = m_preview->verticalScrollBar()->value();
        m_preview->setHtml(previewHtml());
        m_preview->verticalScrollBar()->setValue(scroll);
    }
}

QString ReportPage::previewHtml() const
{
    QString html = m_report.toHtml();
    html.replace(QStringLiteral("<h2>Two runs side by side"),
                 QStringLiteral("<a name=\"comparison\"></a><h2>Two runs side by side"));
    return PreviewHtml::forPalette(html, palette());
}

bool ReportPage::exportMarkdown(const QString& path, QString* error) const
{
    if (!m_run) {
        *error = tr("No report to export yet.");
        return false;
    }
    return writeText(path, m_report.toMarkdown(), error);
}

bool ReportPage::exportHtml(const QString& path, QString* error) const
{
    if (!m_run) {
        *error = tr("No report to export yet.");
        return false;
    }
    return writeText(path, m_report.toHtml(), error);
}

bool ReportPage::exportPdf(const QString& path, QString* error) const
{
    if (!m_run) {
        *error = tr("No report to export yet.");
        return false;
    }
    QPdfWriter writer(path);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(18, 18, 18, 18), QPageLayout::Millimeter);
    writer.setTitle(m_report.title());
    writer.setCreator(QStringLiteral("Probe Workbench"));
    QTextDocument doc;
    doc.setHtml(m_report.toHtml());
    doc.print(&writer);
    if (QFileInfo(path).size() <= 0) {
        *error = tr("%1: cannot write the PDF").arg(path);
        return false;
    }
    return true;
}

bool ReportPage::exportCsvLog(const QString& path, QString* error) const
{
    if (!m_run) {
        *error = tr("No run to export yet.");
        return false;
    }
    // Streamed from the store, as the CLI writes log.csv: the page holds none of the calls.
    RunStore store;
    if (!store.open(m_project->filePath(), error)) {
        return false;
    }
    if (m_run->choice) { // with the choice columns, as the CLI writes a choice run's log
        return WholeFile::write(
            {CsvLogWriter::storedLog(path, store, m_run->record.id, m_run->choice->metricName,
                                     m_run->choice->candidates)},
            error);
    }
    if (m_run->generative) // the embedding columns, as the CLI writes a generative run's log
        return WholeFile::write({CsvLogWriter::storedGenerativeLog(path, store, m_run->record.id)},
                                error);
    return CsvLogWriter::writeStored(path, store, m_run->record.id, m_run->analysis.metricName,
                                     error);
}

bool ReportPage::exportResultsFolder(const QString& folder)
{
    if (!m_run || m_exporting || !m_project) {
        return false;
    }
    m_exporting = true;
    m_status->setText(tr("Writing %1...").arg(QDir::toNativeSeparators(folder)));
    // The run as shown (priced as shown), written from a store connection of the worker's own.
    m_exporter->post(
        [run = *m_run, storePath = m_project->filePath(), folder] {
            QString error;
            const ResultsFolder results(folder);
            RunStore store;
            const bool ok = results.prepare(&error) && store.open(storePath, &error) &&
                            results.write(run, store, &error);
            return std::make_pair(ok, error);
        },
        [this, folder](const std::pair<bool, QString>& done) {
            m_exporting = false;
            const QString message =
                done.first ? tr("Wrote log.csv, report.md, report.html and summary.json to %1")
                                 .arg(QDir::toNativeSeparators(folder))
                           : tr("Could not export: %1").arg(done.second);
            m_status->setText(message);
            Q_EMIT resultsFolderExported(done.first, message);
        });
    return true;
}

void ReportPage::exportInteractively(const QString& kind)
{
    if (!m_run) {
        m_status->setText(tr("No report to export yet."));
        return;
    }
    if (kind == QLatin1String("folder")) {
        const QString folder = QFileDialog::getExistingDirectory(
            this, tr("Export the results folder to"), QDir::homePath());
        if (!folder.isEmpty()) {
            exportResultsFolder(folder);
        }
        return;
    }
    const QString base = QDir::home().filePath(
        kind == QLatin1String("csv")
            ? QStringLiteral("run%1-log.csv").arg(m_run->record.id)
            : QStringLiteral("run%1-report.%2").arg(m_run->record.id).arg(kind));
    const QString filter = kind == QLatin1String("md")     ? tr("Markdown (*.md)")
                           : kind == QLatin1String("html") ? tr("HTML (*.html)")
                           : kind == QLatin1String("pdf")  ? tr("PDF (*.pdf)")
                                                           : tr("CSV log (*.csv)");
    const QString path = QFileDialog::getSaveFileName(this, tr("Export"), base, filter);
    if (path.isEmpty()) {
        return;
    }
    QString error;
    const bool ok = kind == QLatin1String("md")     ? exportMarkdown(path, &error)
                    : kind == QLatin1String("html") ? exportHtml(path, &error)
                    : kind == QLatin1String("pdf")  ? exportPdf(path, &error)
                                                    : exportCsvLog(path, &error);
    m_status->setText(ok ? tr("Wrote %1").arg(path) : error);
}

} // namespace pb

#include "judge/JudgeReportPanel.h"

#include "judge/JudgeProbeRun.h"
#include "judge/JudgeReportBuilder.h"
#include "judge/JudgeResultsFolder.h"
#include "run/RunCostView.h"
#include "widgets/PreviewHtml.h"
#include "widgets/ShortcutAction.h"

#include <QAction>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace pb {

namespace {

// The CLI's writer, over what the store holds now: the same four files, written together and
// whole, with the runs they came from recorded in summary.json. Opens its own connection.
bool writeAll(const QString& folder, const JudgeProbeDocument& doc, const QString& source,
              const QString& storePath, QString* error)
{
    return JudgeResultsFolder::writeStored(folder, doc, JudgeProbeRun::readStored(doc, storePath),
                                           source, error);
}

} // namespace

JudgeReportPanel::JudgeReportPanel(QWidget* parent)
    : QWidget(parent), m_preview(new QTextBrowser(this)), m_cost(new RunCostView(this)),
      m_status(new QLabel(this)), m_export(new QAction(tr("&Export report and log\u2026"), this)),
      m_rebuild(new QTimer(this))
{
    setAccessibleName(tr("Judge report"));
    m_preview->setAccessibleName(tr("Judge report preview"));
    m_preview->setToolTip(tr("The judge section of the report as report.md and report.html "
                             "will have it, rebuilt as results come in."));
    m_preview->setOpenExternalLinks(false);
    m_status->setAccessibleName(tr("Export status"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Ctrl+E alone is the item editor's Edit text and the results tables' Show evidence.
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_export->setToolTip(ShortcutAction::tipWithKey(
        tr("Write report.md, report.html, judge-log.csv (one row per judge call) and "
           "summary.json into a folder"),
        m_export->shortcut()));
    connect(m_export, &QAction::triggered, this, &JudgeReportPanel::chooseFolder);
    auto* exportButton = new QToolButton(this);
    exportButton->setDefaultAction(m_export);
    exportButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    exportButton->setAccessibleName(tr("Export report and log"));

    auto* top = new QHBoxLayout;
    top->addWidget(exportButton);
    top->addWidget(m_status, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_cost);
    layout->addWidget(m_preview, 1);

    m_rebuild->setSingleShot(true);
    m_rebuild->setInterval(250);
    connect(m_rebuild, &QTimer::timeout, this, &JudgeReportPanel::rebuild);
    clear();
}

void JudgeReportPanel::setResults(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis,
                                  const QString& source, const QString& storePath)
{
    m_doc = doc;
    m_analysis = analysis;
    m_source = source;
    m_storePath = storePath;
    m_hasResults = true;
    m_stale = true;
    m_cost->setCost(analysis.cost());
    m_export->setEnabled(!m_exporting);
    if (isVisible() && !m_rebuild->isActive())
        m_rebuild->start();
}

void JudgeReportPanel::clear()
{
    m_hasResults = false;
    m_stale = false;
    m_cost->clear();
    m_report = ReportDocument();
    m_export->setEnabled(false);
    m_preview->setHtml(tr("<p>No results yet: run the judges on the Run tab (Ctrl+R).</p>"));
}

const ReportDocument& JudgeReportPanel::report()
{
    if (m_stale)
        rebuild();
    return m_report;
}

void JudgeReportPanel::rebuild()
{
    if (!m_hasResults)
        return;
    m_stale = false;
    JudgeReportBuilder::Context context;
    context.source = m_source;
    context.store = QFileInfo(m_storePath).fileName();
    context.generated = QDateTime::currentDateTimeUtc();
    m_report = JudgeReportBuilder::build(m_doc, m_analysis, context);
    const QString html = PreviewHtml::forPalette(m_report.toHtml(), palette());
    const int scroll = m_preview->verticalScrollBar()->value();
    m_preview->setHtml(html);
    m_preview->verticalScrollBar()->setValue(scroll);
}

bool JudgeReportPanel::exportTo(const QString& folder, QString* error)
{
    if (!m_hasResults) {
        *error = tr("No results to export yet.");
        return false;
    }
    const bool ok = writeAll(folder, m_doc, m_source, m_storePath, error);
    m_status->setText(ok ? writtenText(folder) : *error);
    return ok;
}

QString JudgeReportPanel::writtenText(const QString& folder)
{
    return tr("Wrote report.md, report.html, judge-log.csv and summary.json to %1")
        .arg(QDir::toNativeSeparators(folder));
}

void JudgeReportPanel::startExport(const QString& folder)
{
    if (m_exporting)
        return;
    if (!m_hasResults) {
        m_status->setText(tr("No results to export yet."));
        Q_EMIT exportFinished(false, m_status->text());
        return;
    }
    m_exporting = true;
    m_exportFolder = folder;
    m_export->setEnabled(false);
    m_status->setText(tr("Writing to %1\u2026").arg(QDir::toNativeSeparators(folder)));
    // The job gets copies of everything it writes; nothing is shared with it.
    m_exportWorker.post(
        [folder, doc = m_doc, source = m_source, storePath = m_storePath] {
            QString error;
            if (!writeAll(folder, doc, source, storePath, &error) && error.isEmpty())
                error = QObject::tr("could not write to %1").arg(QDir::toNativeSeparators(folder));
            return error;
        },
        [this](const QString& error) { exportDone(error); });
}

void JudgeReportPanel::exportDone(const QString& error)
{
    m_exporting = false;
    m_export->setEnabled(m_hasResults);
    m_status->setText(error.isEmpty() ? writtenText(m_exportFolder) : error);
    Q_EMIT exportFinished(error.isEmpty(), m_status->text());
}

void JudgeReportPanel::setExportFolder(const QString& probeFolder)
{
    m_probeFolder = probeFolder;
}

QString JudgeReportPanel::exportFolder() const
{
    const QString data = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    const QString probe = QDir::cleanPath(m_probeFolder);
    const bool inData =
        !data.isEmpty() && (probe == QDir::cleanPath(data) ||
                            probe.startsWith(QDir::cleanPath(data) + QLatin1Char('/')));
    if (!m_probeFolder.isEmpty() && !inData && QFileInfo(probe).isDir()) {
        return probe;
    }
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !documents.isEmpty() && QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

void JudgeReportPanel::chooseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Export the judge report and log to"), exportFolder());
    if (!folder.isEmpty())
        startExport(folder);
}

void JudgeReportPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale)
        rebuild();
}

void JudgeReportPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::PaletteChange || !m_hasResults)
        return;
    m_stale = true;
    if (isVisible())
        rebuild();
}

} // namespace pb

#include "axes/AxesReportPanel.h"

#include "axes/AxesProject.h"
#include "axes/AxesStoredResults.h"
#include "run/WorkerThread.h"
#include "widgets/NoticeBanner.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace pb {

AxesReportPanel::AxesReportPanel(AxesProject* project, QWidget* parent)
    : QWidget(parent), m_project(project),
      m_worker(std::make_unique<WorkerThread>(QStringLiteral("axes-export"))),
      m_export(new QAction(tr("&Export results folder\u2026"), this)),
      m_banner(new NoticeBanner(this)), m_text(new QTextBrowser(this))
{
    setAccessibleName(tr("Axes report"));
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_export->setToolTip(tr("Write report.md, report.html and summary.json, and each axis's "
                            "own folder with its log.csv, from the results store, as "
                            "probebench run writes them (Ctrl+E)."));
    m_export->setEnabled(false);
    connect(m_export, &QAction::triggered, this, &AxesReportPanel::chooseAndExport);
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    auto* button = new QToolButton(this);
    button->setDefaultAction(m_export);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setAccessibleName(tr("Export results folder"));
    row->addWidget(button);
    row->addStretch(1);
    layout->addLayout(row);
    m_banner->setAccessibleName(tr("Report message"));
    layout->addWidget(m_banner);
    m_text->setAccessibleName(tr("Report"));
    m_text->setToolTip(tr("The report as probebench run writes report.md for this store: the "
                          "per-axis vector, its aggregate, the Holm adjustment, what is "
                          "missing."));
    m_text->setReadOnly(true);
    m_text->setOpenExternalLinks(false);
    m_text->setPlaceholderText(tr("Run the probe: its report comes here, as report.md."));
    layout->addWidget(m_text, 1);
}

AxesReportPanel::~AxesReportPanel() = default;

void AxesReportPanel::setReport(const QString& markdown, const QList<AxisRunEnd>& ends)
{
    m_markdown = markdown;
    m_ends = ends;
    m_text->setMarkdown(markdown);
    m_export->setEnabled(!markdown.isEmpty() && !m_exporting);
}

void AxesReportPanel::clear()
{
    m_markdown.clear();
    m_ends.clear();
    m_text->clear();
    m_banner->hide();
    m_export->setEnabled(false);
}

void AxesReportPanel::chooseAndExport()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Export the results folder to"), m_project->resultsFolder());
    if (!folder.isEmpty())
        exportTo(folder);
}

void AxesReportPanel::exportTo(const QString& folder)
{
    if (m_exporting)
        return;
    m_exporting = true;
    m_export->setEnabled(false);
    m_banner->showMessage(NoticeBanner::Tone::Info,
                          tr("Writing %1\u2026").arg(QDir::toNativeSeparators(folder)));
    m_worker->post(
        [doc = m_project->document(), store = m_project->storePath(), ends = m_ends, folder] {
            QString error;
            const bool ok = QDir().mkpath(folder) &&
                            AxesStoredResults::exportFolder(doc, store, ends, folder, &error);
            if (!ok && error.isEmpty())
                error =
                    QObject::tr("cannot make the folder %1").arg(QDir::toNativeSeparators(folder));
            return std::make_pair(ok, error);
        },
        [this, folder](const std::pair<bool, QString>& done) {
            m_exporting = false;
            m_export->setEnabled(!m_markdown.isEmpty());
            const QString message =
                done.first ? tr("Wrote report.md, report.html, summary.json and each axis's "
                                "folder to %1.")
                                 .arg(QDir::toNativeSeparators(folder))
                           : tr("Could not export: %1").arg(done.second);
            m_banner->showMessage(done.first ? NoticeBanner::Tone::Info : NoticeBanner::Tone::Error,
                                  message);
            Q_EMIT exported(done.first, message);
        });
}

} // namespace pb

#include "nameset/NameSetReportPanel.h"

#include "nameset/NameSetProject.h"
#include "nameset/NameSetStoredResults.h"
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

NameSetReportPanel::NameSetReportPanel(NameSetProject* project, QWidget* parent)
    : QWidget(parent), m_project(project),
      m_worker(std::make_unique<WorkerThread>(QStringLiteral("nameset-export"))),
      m_export(new QAction(tr("&Export results folder\u2026"), this)),
      m_banner(new NoticeBanner(this)), m_text(new QTextBrowser(this))
{
    setAccessibleName(tr("Name-set report"));
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_export->setToolTip(tr("Write log.csv, report.md and summary.json from the results store, "
                            "as probebench run writes them (Ctrl+E)."));
    m_export->setEnabled(false);
    connect(m_export, &QAction::triggered, this, &NameSetReportPanel::chooseAndExport);
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
                          "test used, the counts, the ratios, the warnings and the limits."));
    m_text->setReadOnly(true);
    m_text->setOpenExternalLinks(false);
    m_text->setPlaceholderText(tr("Run the name set: its report comes here, as report.md."));
    layout->addWidget(m_text, 1);
}

NameSetReportPanel::~NameSetReportPanel() = default;

void NameSetReportPanel::setReport(const QString& markdown)
{
    m_markdown = markdown;
    m_text->setMarkdown(markdown);
    m_export->setEnabled(!markdown.isEmpty() && !m_exporting);
}

void NameSetReportPanel::clear()
{
    m_markdown.clear();
    m_text->clear();
    m_banner->hide();
    m_export->setEnabled(false);
}

void NameSetReportPanel::chooseAndExport()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Export the results folder to"), m_project->resultsFolder());
    if (!folder.isEmpty())
        exportTo(folder);
}

void NameSetReportPanel::exportTo(const QString& folder)
{
    if (m_exporting)
        return;
    m_exporting = true;
    m_export->setEnabled(false);
    m_banner->showMessage(NoticeBanner::Tone::Info,
                          tr("Writing %1\u2026").arg(QDir::toNativeSeparators(folder)));
    m_worker->post(
        [doc = m_project->document(), store = m_project->storePath(), folder] {
            QString error;
            const bool ok = QDir().mkpath(folder) &&
                            NameSetStoredResults::exportFolder(doc, store, folder, &error);
            if (!ok && error.isEmpty())
                error =
                    QObject::tr("cannot make the folder %1").arg(QDir::toNativeSeparators(folder));
            return std::make_pair(ok, error);
        },
        [this, folder](const std::pair<bool, QString>& done) {
            m_exporting = false;
            m_export->setEnabled(!m_markdown.isEmpty());
            const QString message = done.first
                                        ? tr("Wrote log.csv, report.md and summary.json to %1.")
                                              .arg(QDir::toNativeSeparators(folder))
                                        : tr("Could not export: %1").arg(done.second);
            m_banner->showMessage(done.first ? NoticeBanner::Tone::Info : NoticeBanner::Tone::Error,
                                  message);
            Q_EMIT exported(done.first, message);
        });
}

} // namespace pb

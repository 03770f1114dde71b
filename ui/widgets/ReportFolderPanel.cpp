#include "widgets/ReportFolderPanel.h"

#include "run/WorkerThread.h"
#include "widgets/NoticeBanner.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QScrollBar>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace pb {

ReportFolderPanel::ReportFolderPanel(const ReportFolderWording& wording, const QString& workerName,
                                     std::function<QString()> defaultFolder, QWidget* parent)
    : QWidget(parent), m_wording(wording), m_defaultFolder(std::move(defaultFolder)),
      m_worker(std::make_unique<WorkerThread>(workerName)),
      m_export(new QAction(wording.action, this)), m_banner(new NoticeBanner(this)),
      m_text(new QTextBrowser(this))
{
    setAccessibleName(wording.name);
    m_export->setShortcut(wording.key);
    m_export->setToolTip(
        tr("%1 (%2).").arg(wording.exportTip, wording.key.toString(QKeySequence::NativeText)));
    m_export->setEnabled(false);
    connect(m_export, &QAction::triggered, this, &ReportFolderPanel::chooseAndExport);
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    auto* button = new QToolButton(this);
    button->setDefaultAction(m_export);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setAccessibleName(QString(wording.action).remove(u'&').remove(u'\u2026'));
    row->addWidget(button);
    row->addStretch(1);
    layout->addLayout(row);
    m_banner->setAccessibleName(tr("Report message"));
    layout->addWidget(m_banner);
    m_text->setAccessibleName(tr("Report"));
    m_text->setToolTip(wording.textTip);
    m_text->setReadOnly(true);
    m_text->setOpenExternalLinks(false);
    m_text->setPlaceholderText(wording.placeholder);
    layout->addWidget(m_text, 1);
}

ReportFolderPanel::~ReportFolderPanel() = default;

void ReportFolderPanel::showMarkdown(const QString& markdown)
{
    m_markdown = markdown;
    m_text->setMarkdown(markdown);
    setExportable(!markdown.isEmpty());
}

void ReportFolderPanel::showHtml(const QString& markdown, const QString& html)
{
    m_markdown = markdown;
    const int scroll = m_text->verticalScrollBar()->value();
    m_text->setHtml(html);
    m_text->verticalScrollBar()->setValue(scroll);
    setExportable(!markdown.isEmpty());
}

void ReportFolderPanel::setExportable(bool exportable)
{
    m_exportable = exportable;
    m_export->setEnabled(m_exportable && !m_exporting);
}

void ReportFolderPanel::insertAboveReport(QWidget* widget)
{
    auto* box = static_cast<QVBoxLayout*>(layout());
    box->insertWidget(box->indexOf(m_text), widget);
}

void ReportFolderPanel::clear()
{
    m_markdown.clear();
    m_text->clear();
    m_banner->hide();
    setExportable(false);
}

void ReportFolderPanel::chooseAndExport()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Export the results folder to"), m_defaultFolder());
    if (!folder.isEmpty())
        exportTo(folder);
}

void ReportFolderPanel::exportTo(const QString& folder)
{
    if (m_exporting)
        return;
    if (!m_exportable) {
        Q_EMIT exported(false, tr("No results to export yet."));
        return;
    }
    m_exporting = true;
    m_export->setEnabled(false);
    m_banner->showMessage(NoticeBanner::Tone::Info,
                          tr("Writing %1\u2026").arg(QDir::toNativeSeparators(folder)));
    m_worker->post(
        [write = folderWrite(), folder] {
            QString error;
            const bool ok = QDir().mkpath(folder) && write(folder, &error);
            if (!ok && error.isEmpty())
                error =
                    QObject::tr("cannot make the folder %1").arg(QDir::toNativeSeparators(folder));
            return std::make_pair(ok, error);
        },
        [this, folder](const std::pair<bool, QString>& done) {
            m_exporting = false;
            m_export->setEnabled(m_exportable);
            const QString message = done.first
                                        ? m_wording.wrote.arg(QDir::toNativeSeparators(folder))
                                        : tr("Could not export: %1").arg(done.second);
            m_banner->showMessage(done.first ? NoticeBanner::Tone::Info : NoticeBanner::Tone::Error,
                                  message);
            Q_EMIT exported(done.first, message);
        });
}

} // namespace pb

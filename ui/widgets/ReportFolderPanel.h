#pragma once

#include <QKeySequence>
#include <QWidget>
#include <functional>
#include <memory>

class QAction;
class QTextBrowser;

namespace pb {

class NoticeBanner;
class WorkerThread;

// What a kind's Report tab says about its report and its folder.
struct ReportFolderWording
{
    QString name;        // the tab's accessible name: "Name-set report"
    QString exportTip;   // what Export writes, no key, no full stop: "Write log.csv, ..."
    QString textTip;     // what the report holds
    QString placeholder; // before there are results
    QString wrote;       // after a write, %1 the folder: "Wrote log.csv, ... to %1."
    QString action = QObject::tr("&Export results folder\u2026");
    QKeySequence key = QKeySequence(Qt::CTRL | Qt::Key_E);
};

// A kind's Report tab: report.md as the kind's report writer made it for the results shown
// (read-only), and "Export results folder…" (Ctrl+E unless the wording names another key),
// which writes the folder on the panel's
// own worker thread through the CLI's writer (folderWrite()), so the window's folder is the
// one `probebench run` writes for the same store. One export at a time; its outcome is shown
// in the panel's banner and emitted in exported().
class ReportFolderPanel : public QWidget
{
    Q_OBJECT
public:
    // Writes the results folder into folder; it runs on the worker thread, so it holds copies
    // of all it reads (the document, the store's path).
    using FolderWrite = std::function<bool(const QString& folder, QString* error)>;

    // defaultFolder: where the folder dialog starts (ProbeFileProject::exportFolder).
    ReportFolderPanel(const ReportFolderWording& wording, const QString& workerName,
                      std::function<QString()> defaultFolder, QWidget* parent);
    ~ReportFolderPanel() override;

    QAction* exportAction() const { return m_export; }
    NoticeBanner* banner() const { return m_banner; }
    // The markdown shown, as report.md holds it; empty before there are results.
    QString markdown() const { return m_markdown; }
    bool isExporting() const { return m_exporting; }
    // Where the folder dialog of Export starts.
    QString defaultFolder() const { return m_defaultFolder(); }

    virtual void clear();

public Q_SLOTS:
    // Writes the results folder into folder (made when missing) off the GUI thread; the
    // outcome comes in exported().
    void exportTo(const QString& folder);

Q_SIGNALS:
    void exported(bool ok, const QString& message);

protected:
    // Shows report.md as Markdown; Export is on while it is not empty.
    void showMarkdown(const QString& markdown);
    // Shows a report rendered as HTML (a ReportDocument's preview) whose report.md is markdown,
    // keeping the reader's place in it.
    void showHtml(const QString& markdown, const QString& html);
    // Export is on when results are shown, even before their text is rendered (a kind that
    // renders only while its tab is visible).
    void setExportable(bool exportable);
    // A widget between the banner and the report (a kind's cost table).
    void insertAboveReport(QWidget* widget);
    // The write of the results shown, taken on the GUI thread when an export starts.
    virtual FolderWrite folderWrite() const = 0;

private:
    void chooseAndExport();

    ReportFolderWording m_wording;
    std::function<QString()> m_defaultFolder;
    std::unique_ptr<WorkerThread> m_worker;
    QString m_markdown;
    bool m_exportable = false;
    bool m_exporting = false;
    QAction* m_export;
    NoticeBanner* m_banner;
    QTextBrowser* m_text;
};

} // namespace pb

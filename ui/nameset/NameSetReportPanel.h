#pragma once

#include <QWidget>
#include <memory>

class QAction;
class QTextBrowser;

namespace pb {

class NameSetProject;
class NoticeBanner;
class WorkerThread;

// The Report tab of a name set: report.md as NameSetReport writes it for the results the
// store holds (read-only), and "Export results folder…", which writes log.csv, report.md and
// summary.json through NameSetResultsFolder on a worker thread, from the store: the folder
// `probebench run` writes for the same store.
class NameSetReportPanel : public QWidget
{
    Q_OBJECT
public:
    explicit NameSetReportPanel(NameSetProject* project, QWidget* parent = nullptr);
    ~NameSetReportPanel() override;

    QAction* exportAction() const { return m_export; }
    NoticeBanner* banner() const { return m_banner; }
    // The markdown shown, as report.md holds it; empty before there are results.
    QString markdown() const { return m_markdown; }
    bool isExporting() const { return m_exporting; }

    void setReport(const QString& markdown);
    void clear();

public Q_SLOTS:
    // Writes the results folder into folder (made when missing) off the GUI thread; the
    // outcome comes in exported().
    void exportTo(const QString& folder);

Q_SIGNALS:
    void exported(bool ok, const QString& message);

private:
    void chooseAndExport();

    NameSetProject* m_project;
    std::unique_ptr<WorkerThread> m_worker;
    QString m_markdown;
    bool m_exporting = false;
    QAction* m_export;
    NoticeBanner* m_banner;
    QTextBrowser* m_text;
};

} // namespace pb

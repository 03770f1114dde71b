#pragma once

#include "axes/AxesStoredRuns.h"

#include <QWidget>
#include <memory>

class QAction;
class QTextBrowser;

namespace pb {

class AxesProject;
class NoticeBanner;
class WorkerThread;

// The Report tab of a probe of several axes: report.md as AxesReport writes it for the
// results shown (read-only), and "Export results folder…", which writes the folder through
// AxesResultsFolder, the CLI's writer (report.md, report.html and summary.json at the top,
// each axis's own model-probe folder beneath), on a worker thread from the store, with the
// axes' ends the results were read with: the folder `probebench run` writes for the same
// store.
class AxesReportPanel : public QWidget
{
    Q_OBJECT
public:
    explicit AxesReportPanel(AxesProject* project, QWidget* parent = nullptr);
    ~AxesReportPanel() override;

    QAction* exportAction() const { return m_export; }
    NoticeBanner* banner() const { return m_banner; }
    // The markdown shown, as report.md holds it; empty before there are results.
    QString markdown() const { return m_markdown; }
    bool isExporting() const { return m_exporting; }

    // ends: how each axis ended, as the results shown were read (exported the same way).
    void setReport(const QString& markdown, const QList<AxisRunEnd>& ends);
    void clear();

public Q_SLOTS:
    // Writes the results folder into folder (made when missing) off the GUI thread; the
    // outcome comes in exported().
    void exportTo(const QString& folder);

Q_SIGNALS:
    void exported(bool ok, const QString& message);

private:
    void chooseAndExport();

    AxesProject* m_project;
    std::unique_ptr<WorkerThread> m_worker;
    QString m_markdown;
    QList<AxisRunEnd> m_ends;
    bool m_exporting = false;
    QAction* m_export;
    NoticeBanner* m_banner;
    QTextBrowser* m_text;
};

} // namespace pb

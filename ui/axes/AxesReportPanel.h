#pragma once

#include "axes/AxesStoredRuns.h"
#include "widgets/ReportFolderPanel.h"

namespace pb {

class AxesProject;

// The Report tab of a probe of several axes: report.md as AxesReport writes it for the
// results shown, and Export, which writes the folder through AxesResultsFolder, the CLI's
// writer (report.md, report.html and summary.json at the top, each axis's own model-probe
// folder beneath), from the store with the axes' ends the results were read with: the folder
// `probebench run` writes for the same store.
class AxesReportPanel : public ReportFolderPanel
{
    Q_OBJECT
public:
    explicit AxesReportPanel(AxesProject* project, QWidget* parent = nullptr);

    // ends: how each axis ended, as the results shown were read (exported the same way).
    void setReport(const QString& markdown, const QList<AxisRunEnd>& ends);
    void clear() override;

protected:
    FolderWrite folderWrite() const override;

private:
    AxesProject* m_project;
    QList<AxisRunEnd> m_ends;
};

} // namespace pb

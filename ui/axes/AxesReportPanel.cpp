#include "axes/AxesReportPanel.h"

#include "axes/AxesProject.h"
#include "axes/AxesStoredResults.h"

namespace pb {

namespace {

ReportFolderWording axesWording()
{
    return {AxesReportPanel::tr("Axes report"),
            AxesReportPanel::tr("Write report.md, report.html and summary.json, and each axis's "
                                "own folder with its log.csv, from the results store, as "
                                "probebench run writes them"),
            AxesReportPanel::tr("The report as probebench run writes report.md for this store: "
                                "the per-axis vector, its aggregate, the Holm adjustment, what "
                                "is missing."),
            AxesReportPanel::tr("Run the probe: its report comes here, as report.md."),
            AxesReportPanel::tr("Wrote report.md, report.html, summary.json and each axis's "
                                "folder to %1.")};
}

} // namespace

AxesReportPanel::AxesReportPanel(AxesProject* project, QWidget* parent)
    : ReportFolderPanel(
          axesWording(), QStringLiteral("axes-export"),
          [project] { return project->exportFolder(); }, parent),
      m_project(project)
{
}

void AxesReportPanel::setReport(const QString& markdown, const QList<AxisRunEnd>& ends)
{
    m_ends = ends;
    showMarkdown(markdown);
}

void AxesReportPanel::clear()
{
    m_ends.clear();
    ReportFolderPanel::clear();
}

ReportFolderPanel::FolderWrite AxesReportPanel::folderWrite() const
{
    return [doc = m_project->document(), store = m_project->storePath(),
            ends = m_ends](const QString& folder, QString* error) {
        return AxesStoredResults::exportFolder(doc, store, ends, folder, error);
    };
}

} // namespace pb

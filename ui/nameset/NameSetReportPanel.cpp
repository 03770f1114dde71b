#include "nameset/NameSetReportPanel.h"

#include "nameset/NameSetProject.h"
#include "nameset/NameSetStoredResults.h"

namespace pb {

namespace {

ReportFolderWording nameSetWording()
{
    return {NameSetReportPanel::tr("Name-set report"),
            NameSetReportPanel::tr("Write log.csv, report.md and summary.json from the results "
                                   "store, as probebench run writes them"),
            NameSetReportPanel::tr("The report as probebench run writes report.md for this "
                                   "store: the test used, the counts, the ratios, the warnings "
                                   "and the limits."),
            NameSetReportPanel::tr("Run the name set: its report comes here, as report.md."),
            NameSetReportPanel::tr("Wrote log.csv, report.md and summary.json to %1.")};
}

} // namespace

NameSetReportPanel::NameSetReportPanel(NameSetProject* project, QWidget* parent)
    : ReportFolderPanel(
          nameSetWording(), QStringLiteral("nameset-export"),
          [project] { return project->exportFolder(); }, parent),
      m_project(project)
{
}

ReportFolderPanel::FolderWrite NameSetReportPanel::folderWrite() const
{
    return [doc = m_project->document(), store = m_project->storePath()](const QString& folder,
                                                                         QString* error) {
        return NameSetStoredResults::exportFolder(doc, store, folder, error);
    };
}

} // namespace pb

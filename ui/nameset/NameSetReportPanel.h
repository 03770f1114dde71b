#pragma once

#include "widgets/ReportFolderPanel.h"

namespace pb {

class NameSetProject;

// The Report tab of a name set: report.md as NameSetReport writes it for the results the
// store holds, and Export, which writes log.csv, report.md and summary.json through
// NameSetResultsFolder from the store: the folder `probebench run` writes for the same store.
class NameSetReportPanel : public ReportFolderPanel
{
    Q_OBJECT
public:
    explicit NameSetReportPanel(NameSetProject* project, QWidget* parent = nullptr);

    void setReport(const QString& markdown) { showMarkdown(markdown); }

protected:
    FolderWrite folderWrite() const override;

private:
    NameSetProject* m_project;
};

} // namespace pb

#pragma once

#include "grading/GradingProject.h"
#include "project/ProbeFileProject.h"

namespace pb {

// The grading project open in a GradingWorkspace: a .grading.json (ProbeFileProject: the file,
// its snapshot undo, its results store beside it where `probebench grade FILE.grading.json`
// puts it, and that store's lock), read and written by GradingProject.
class GradingFileProject : public DocumentFileProject<GradingProject>
{
    Q_OBJECT
public:
    explicit GradingFileProject(QObject* parent = nullptr);

    // Copies the shipped library-hours grading (the project, its rubric and its twelve
    // submissions) into a folder of its own under parentFolder (the app's data folder when
    // empty) and opens it; a copy the user changed is never overwritten.
    bool newFromExample(QString* error, const QString& parentFolder = QString());
    // An absolute path of the project's (a rubric, a sheet) resolved beside its file.
    QString resolve(const QString& written) const
    {
        return GradingProject::resolve(filePath(), written);
    }

protected:
    std::optional<GradingProject> read(const QString& path, QString* error,
                                       QString* warnings) const override;
    bool write(const GradingProject& doc, const QString& path, QString* error) const override;
    QString untitledName() const override;
};

} // namespace pb

#pragma once

#include "axes/AxesDocument.h"
#include "axes/AxesReader.h"
#include "project/ProbeFileProject.h"

namespace pb {

// The probe of several axes open in an AxesWorkspace: a .axes.json (ProbeFileProject: the file,
// its snapshot undo, its results store beside it as `probebench run` picks it, and that
// store's lock), written by AxesWriter.
class AxesProject : public DocumentFileProject<AxesDocument>
{
    Q_OBJECT
public:
    static constexpr const char* kSuffix = ".axes.json";

    explicit AxesProject(QObject* parent = nullptr);

    // Copies the shipped style-and-names example into a folder of its own under parentFolder
    // (the app's data folder when empty) and opens it; a copy the user changed is never
    // overwritten (ProbeFileProject::openExampleCopy).
    bool newFromExample(QString* error, const QString& parentFolder = QString());

    // The document as it would be saved, read back by the reader: what a run refuses to
    // start with, every problem named by path.
    AxesLoadResult check() const;

protected:
    std::optional<AxesDocument> read(const QString& path, QString* error,
                                     QString* warnings) const override;
    bool write(const AxesDocument& doc, const QString& path, QString* error) const override;
    QString untitledName() const override;
};

} // namespace pb

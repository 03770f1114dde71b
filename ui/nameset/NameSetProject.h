#pragma once

#include "nameset/NameSetDocument.h"
#include "nameset/NameSetReader.h"
#include "project/ProbeFileProject.h"

namespace pb {

// The name-set probe open in a NameSetWorkspace: a .names.json (ProbeFileProject: the file, its
// snapshot undo, its results store beside it as `probebench run` picks it, and that store's
// lock), written by NameSetWriter.
class NameSetProject : public DocumentFileProject<NameSetDocument>
{
    Q_OBJECT
public:
    static constexpr const char* kSuffix = ".names.json";

    explicit NameSetProject(QObject* parent = nullptr);

    // Copies the shipped resume-screening example into a folder of its own under
    // parentFolder (the app's data folder when empty) and opens it; a copy the user changed
    // is never overwritten (ProbeFileProject::openExampleCopy).
    bool newFromExample(QString* error, const QString& parentFolder = QString());

    // The document as it would be saved, read back by the reader: what a run refuses to
    // start with, every problem named by path.
    NameSetLoadResult check() const;

protected:
    std::optional<NameSetDocument> read(const QString& path, QString* error,
                                        QString* warnings) const override;
    bool write(const NameSetDocument& doc, const QString& path, QString* error) const override;
    QString untitledName() const override;
};

} // namespace pb

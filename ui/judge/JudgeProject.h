#pragma once

#include "judge/JudgeProbeDocument.h"
#include "judge/JudgeProbeLoadResult.h"
#include "project/ProbeFileProject.h"

namespace pb {

// The judge probe open in a JudgeWorkspace: a .judge.json (ProbeFileProject: the file, its
// snapshot undo, its results store beside it and that store's lock) and, when the probe
// names one, its rubric file, written with it.
class JudgeProject : public DocumentFileProject<JudgeProbeDocument>
{
    Q_OBJECT
public:
    explicit JudgeProject(QObject* parent = nullptr);

    // Copies the embedded padding demo (probe and rubric) into a folder of its own under
    // parentFolder (the app's data folder when empty) and opens it. A demo folder the user
    // changed is never overwritten: another one is made beside it.
    bool newFromDemo(QString* error, const QString& parentFolder = QString());

    // As ProbeFileProject's, for a judge probe's path.
    static QString defaultResultsFolder(const QString& probePath);
    static QString defaultStorePath(const QString& probePath);

    // The document checked by the reader as it would be saved (the rubric as edited, not as
    // on disk): what the run refuses to start with, named by path.
    JudgeProbeLoadResult check() const;

protected:
    std::optional<JudgeProbeDocument> read(const QString& path, QString* error,
                                           QString* warnings) const override;
    bool write(const JudgeProbeDocument& doc, const QString& path, QString* error) const override;
    QString untitledName() const override;
};

} // namespace pb

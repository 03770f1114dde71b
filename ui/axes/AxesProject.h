#pragma once

#include "axes/AxesDocument.h"
#include "axes/AxesReader.h"
#include "project/ProbeFileProject.h"

#include <QByteArray>

namespace pb {

// The probe of several axes open in an AxesWindow: a .axes.json (ProbeFileProject: the file,
// its results store beside it as `probebench run` picks it, and that store's lock). The window
// does not edit an axes probe, so the document is always the file as it was read: Save and
// Save As write the bytes that were read, unchanged, and a run reads the same document the
// CLI reads from the file.
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

protected:
    std::optional<AxesDocument> read(const QString& path, QString* error,
                                     QString* warnings) const override;
    bool write(const AxesDocument& doc, const QString& path, QString* error) const override;
    QString untitledName() const override;
    void adoptRead() override;

private:
    mutable QByteArray m_readBytes; // the file read last, adopted with its document
    QByteArray m_bytes;             // the file the document was read from
};

} // namespace pb

#include "axes/AxesProject.h"

#include "probe/BoundedFile.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace pb {

AxesProject::AxesProject(QObject* parent) : DocumentFileProject(QLatin1String(kSuffix), parent)
{
}

QString AxesProject::untitledName() const
{
    return document().title.isEmpty() ? tr("Untitled probe of several axes") : document().title;
}

std::optional<AxesDocument> AxesProject::read(const QString& path, QString* error,
                                              QString* warnings) const
{
    // The bytes kept are the bytes read, so Save writes what the window showed and ran.
    ProbeProblem problem;
    const std::optional<QByteArray> bytes =
        BoundedFile::read(path, AxesReader::kMaxFileBytes, tr("probe of several axes"), &problem);
    AxesLoadResult loaded;
    if (bytes) {
        loaded = AxesReader::parse(*bytes, QFileInfo(path).fileName());
    } else {
        loaded.sourceName = QFileInfo(path).fileName();
        loaded.problems << problem;
    }
    if (!loaded.ok()) {
        *error = loaded.errorText();
        if (error->isEmpty())
            *error = loaded.text();
        return std::nullopt;
    }
    *warnings = loaded.warningText();
    m_readBytes = *bytes;
    return *loaded.document;
}

void AxesProject::adoptRead()
{
    DocumentFileProject::adoptRead();
    m_bytes = std::exchange(m_readBytes, QByteArray());
}

bool AxesProject::write(const AxesDocument&, const QString& path, QString* error) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(m_bytes) != m_bytes.size() ||
        !file.commit()) {
        *error = tr("cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

bool AxesProject::newFromExample(QString* error, const QString& parentFolder)
{
    return openExampleCopy({QStringLiteral("style-and-names.axes.json")},
                           QStringLiteral("axes-example"), error, parentFolder);
}

} // namespace pb

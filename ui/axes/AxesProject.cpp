#include "axes/AxesProject.h"

#include "axes/AxesWriter.h"

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
    const AxesLoadResult loaded = AxesReader::readFile(path);
    if (!loaded.ok()) {
        *error = loaded.errorText();
        if (error->isEmpty())
            *error = loaded.text();
        return std::nullopt;
    }
    *warnings = loaded.warningText();
    return *loaded.document;
}

bool AxesProject::write(const AxesDocument& doc, const QString& path, QString* error) const
{
    return AxesWriter::writeFile(doc, path, error);
}

bool AxesProject::newFromExample(QString* error, const QString& parentFolder)
{
    return openExampleCopy({QStringLiteral("style-and-names.axes.json")},
                           QStringLiteral("axes-example"), error, parentFolder);
}

AxesLoadResult AxesProject::check() const
{
    return AxesReader::parse(AxesWriter::toJson(document()), displayName());
}

} // namespace pb

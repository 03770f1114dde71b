#include "nameset/NameSetProject.h"

#include "nameset/NameSetWriter.h"

#include <QFileInfo>

namespace pb {

NameSetProject::NameSetProject(QObject* parent)
    : DocumentFileProject(QLatin1String(kSuffix), parent)
{
}

QString NameSetProject::untitledName() const
{
    return document().title.isEmpty() ? tr("Untitled name set") : document().title;
}

std::optional<NameSetDocument> NameSetProject::read(const QString& path, QString* error,
                                                    QString* warnings) const
{
    const NameSetLoadResult loaded = NameSetReader::readFile(path);
    if (!loaded.ok()) {
        *error = loaded.errorText();
        if (error->isEmpty())
            *error = loaded.text();
        return std::nullopt;
    }
    *warnings = loaded.warningText();
    return *loaded.document;
}

bool NameSetProject::write(const NameSetDocument& doc, const QString& path, QString* error) const
{
    return NameSetWriter::writeFile(doc, path, error);
}

bool NameSetProject::newFromExample(QString* error, const QString& parentFolder)
{
    return openExampleCopy({QStringLiteral("resume-screening.names.json")},
                           QStringLiteral("name-set-example"), error, parentFolder);
}

NameSetLoadResult NameSetProject::check() const
{
    return NameSetReader::parse(NameSetWriter::toJson(document()), displayName());
}

} // namespace pb

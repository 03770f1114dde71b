#include "judge/JudgeProject.h"

#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeWriter.h"

#include <QDir>
#include <QFileInfo>

namespace pb {

namespace {

const QString kSuffix = QStringLiteral(".judge.json");

} // namespace

JudgeProject::JudgeProject(QObject* parent) : DocumentFileProject(kSuffix, parent)
{
}

QString JudgeProject::untitledName() const
{
    return document().title.isEmpty() ? tr("Untitled judge probe") : document().title;
}

std::optional<JudgeProbeDocument> JudgeProject::read(const QString& path, QString* error,
                                                     QString* warnings) const
{
    const JudgeProbeLoadResult loaded = JudgeProbeReader::readFile(path);
    if (!loaded.ok()) {
        *error = loaded.errorText();
        if (error->isEmpty())
            *error = loaded.text();
        return std::nullopt;
    }
    *warnings = loaded.warningText();
    return *loaded.document;
}

bool JudgeProject::write(const JudgeProbeDocument& doc, const QString& path, QString* error) const
{
    return JudgeProbeWriter::writeFile(doc, path, error);
}

bool JudgeProject::newFromDemo(QString* error, const QString& parentFolder)
{
    return openExampleCopy(
        {QStringLiteral("library-padding.judge.json"), QStringLiteral("library-hours.rubric.json")},
        QStringLiteral("judge-demo"), error, parentFolder);
}

QString JudgeProject::defaultResultsFolder(const QString& probePath)
{
    return ProbeFileProject::defaultResultsFolder(probePath, kSuffix);
}

QString JudgeProject::defaultStorePath(const QString& probePath)
{
    return ProbeFileProject::defaultStorePath(probePath, kSuffix);
}

JudgeProbeLoadResult JudgeProject::check() const
{
    // Inline, so the rubric is checked as edited rather than read from its file.
    JudgeProbeDocument doc = document();
    doc.rubricSource = QStringLiteral("inline");
    const QString name = filePath().isEmpty() ? displayName() : QFileInfo(filePath()).fileName();
    return JudgeProbeReader::parse(JudgeProbeWriter::toJson(doc), name,
                                   QFileInfo(filePath()).absoluteDir());
}

} // namespace pb

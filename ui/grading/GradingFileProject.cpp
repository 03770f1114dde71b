#include "grading/GradingFileProject.h"

namespace pb {

GradingFileProject::GradingFileProject(QObject* parent)
    : DocumentFileProject(QLatin1String(GradingProject::kSuffix), parent)
{
}

QString GradingFileProject::untitledName() const
{
    return document().title.isEmpty() ? tr("Untitled grading") : document().title;
}

std::optional<GradingProject> GradingFileProject::read(const QString& path, QString* error,
                                                       QString* warnings) const
{
    return GradingProject::readFile(path, error, warnings);
}

bool GradingFileProject::write(const GradingProject& doc, const QString& path, QString* error) const
{
    return doc.writeFile(path, error);
}

bool GradingFileProject::newFromExample(QString* error, const QString& parentFolder)
{
    return openExampleCopy({QStringLiteral("library-hours.grading.json"),
                            QStringLiteral("library-hours.rubric.json"),
                            QStringLiteral("library-hours-revised.rubric.json"),
                            QStringLiteral("library-hours-submissions/01_excellent.txt"),
                            QStringLiteral("library-hours-submissions/02_strong.txt"),
                            QStringLiteral("library-hours-submissions/03_good.md"),
                            QStringLiteral("library-hours-submissions/04_vague.txt"),
                            QStringLiteral("library-hours-submissions/05_offtopic.txt"),
                            QStringLiteral("library-hours-submissions/06_empty.txt"),
                            QStringLiteral("library-hours-submissions/07_verbose.txt"),
                            QStringLiteral("library-hours-submissions/08_borderline.txt"),
                            QStringLiteral("library-hours-submissions/09_list.md"),
                            QStringLiteral("library-hours-submissions/10_no_counter.txt"),
                            QStringLiteral("library-hours-submissions/11_concession.txt"),
                            QStringLiteral("library-hours-submissions/12_short.txt")},
                           QStringLiteral("grading-example"), error, parentFolder);
}

} // namespace pb

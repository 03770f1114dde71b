#include "ExampleSheets.h"

#include "TestPaths.h"
#include "grading/BlindSheet.h"
#include "grading/GradingRubric.h"
#include "grading/ScoreSheetCsv.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

namespace pb::test {

bool writeExampleBlindSheet(const QString& csvName, const QString& rater, const QString& path,
                            bool complete)
{
    const QString examples = sourceDir() + QStringLiteral("/resources/examples/");
    QString error;
    const auto rubric =
        GradingRubric::readFile(examples + QStringLiteral("library-hours.rubric.json"), &error);
    const auto csv = rubric ? ScoreSheetCsv::readFile(
                                  examples + QStringLiteral("library-hours-calibration/") + csvName,
                                  *rubric, &error)
                            : std::nullopt;
    QStringList files;
    for (const ScoreSheetRow& row : csv ? csv->rows : QList<ScoreSheetRow>{})
        files << row.filename;
    std::optional<BlindSheet> sheet =
        csv ? BlindSheet::create(rater, rubric->ids(), files, &error) : std::nullopt;
    if (!sheet || !sheet->import(*csv, &error) || (complete && !sheet->markComplete(&error))) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    QFile f(path);
    const QByteArray bytes = QJsonDocument(sheet->toJson()).toJson();
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

bool copyExampleGrading(const QString& folder, const QStringList& files)
{
    const QDir examples(sourceDir() + QStringLiteral("/resources/examples"));
    const QDir root(folder);
    const QString submissions = QStringLiteral("library-hours-submissions");
    if (!root.mkpath(submissions)) {
        qWarning("cannot make %s", qPrintable(root.filePath(submissions)));
        return false;
    }
    QStringList copies = files;
    for (const QString& name : QDir(examples.filePath(submissions)).entryList(QDir::Files))
        copies << submissions + QLatin1Char('/') + name;
    for (const QString& name : copies) {
        if (!QFile::copy(examples.filePath(name), root.filePath(name))) {
            qWarning("cannot copy %s into %s", qPrintable(name), qPrintable(folder));
            return false;
        }
    }
    return true;
}

} // namespace pb::test

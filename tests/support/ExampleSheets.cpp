#include "ExampleSheets.h"

#include "TestPaths.h"
#include "grading/BlindSheet.h"
#include "grading/GradingRubric.h"
#include "grading/ScoreSheetCsv.h"

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

} // namespace pb::test

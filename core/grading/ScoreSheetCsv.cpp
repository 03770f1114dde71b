#include "grading/ScoreSheetCsv.h"

#include "csv/CsvTable.h"
#include "probe/BoundedFile.h"

#include <QFileInfo>
#include <QHash>

namespace pb {

namespace {

const QString kFilename = QStringLiteral("filename");
const QString kWhy = QStringLiteral("_why");

QString located(const QString& source, int line, const QString& column, const QString& message)
{
    if (column.isEmpty())
        return QStringLiteral("%1: line %2: %3").arg(source).arg(line).arg(message);
    return QStringLiteral("%1: line %2, column \"%3\": %4")
        .arg(source)
        .arg(line)
        .arg(column, message);
}

} // namespace

QStringList ScoreSheetCsv::header(const Rubric& rubric)
{
    QStringList h{kFilename};
    for (const RubricCriterion& c : rubric.criteria)
        h << c.id;
    for (const RubricCriterion& c : rubric.criteria)
        h << c.id + kWhy;
    return h;
}

QByteArray ScoreSheetCsv::toCsv(const Rubric& rubric, const ScoreSheet& sheet)
{
    QByteArray out = CsvTable::formatRecord(header(rubric));
    for (const ScoreSheetRow& row : sheet.rows) {
        QStringList fields{CsvTable::textCell(row.filename)};
        QStringList why;
        for (const RubricCriterion& c : rubric.criteria) {
            const qsizetype i = sheet.criterionIds.indexOf(c.id);
            const std::optional<int> level =
                i >= 0 && i < row.levels.size() ? row.levels.at(i) : std::nullopt;
            fields << (level ? QString::number(*level) : QString());
            why << CsvTable::textCell(i >= 0 && i < row.why.size() ? row.why.at(i) : QString());
        }
        out += CsvTable::formatRecord(fields + why);
    }
    return out;
}

std::optional<ScoreSheet> ScoreSheetCsv::readFile(const QString& path, const Rubric& rubric,
                                                  QString* error)
{
    ProbeProblem problem;
    const std::optional<QByteArray> bytes =
        BoundedFile::read(path, kMaxFileBytes, QStringLiteral("score sheet"), &problem);
    if (!bytes) {
        *error = QFileInfo(path).fileName() + QStringLiteral(": ") + problem.message;
        return std::nullopt;
    }
    return parse(*bytes, QFileInfo(path).fileName(), rubric, error);
}

std::optional<ScoreSheet> ScoreSheetCsv::parse(const QByteArray& utf8, const QString& sourceName,
                                               const Rubric& rubric, QString* error)
{
    QList<CsvRecord> records;
    QString csvError;
    if (!CsvTable::parse(utf8, &records, &csvError)) {
        *error = sourceName + QStringLiteral(": ") + csvError;
        return std::nullopt;
    }
    if (records.isEmpty()) {
        *error = sourceName + QStringLiteral(": the file is empty; expected a header row");
        return std::nullopt;
    }
    const CsvRecord& head = records.front();
    QHash<QString, qsizetype> column;
    for (qsizetype i = 0; i < head.fields.size(); ++i) {
        const QString name = head.fields.at(i).trimmed();
        if (column.contains(name)) {
            *error = located(sourceName, head.line, name, QStringLiteral("appears twice"));
            return std::nullopt;
        }
        column.insert(name, i);
    }
    const QStringList ids = rubric.ids();
    for (auto it = column.cbegin(); it != column.cend(); ++it) {
        const QString& name = it.key();
        const bool known = name == kFilename || ids.contains(name) ||
                           (name.endsWith(kWhy) && ids.contains(name.chopped(kWhy.size())));
        if (!known) {
            *error = located(sourceName, head.line, name,
                             QStringLiteral("is not a column of this rubric's sheet (filename, "
                                            "then %1, each with an optional <id>_why)")
                                 .arg(ids.join(QStringLiteral(", "))));
            return std::nullopt;
        }
    }
    QStringList missing;
    for (const QString& name : QStringList{kFilename} + ids) {
        if (!column.contains(name))
            missing << QLatin1Char('"') + name + QLatin1Char('"');
    }
    if (!missing.isEmpty()) {
        *error = located(sourceName, head.line, QString(),
                         QStringLiteral("no column %1").arg(missing.join(QStringLiteral(", "))));
        return std::nullopt;
    }

    ScoreSheet sheet;
    sheet.sourceName = sourceName;
    sheet.criterionIds = ids;
    QHash<QString, int> firstLine;
    for (qsizetype r = 1; r < records.size(); ++r) {
        const CsvRecord& record = records.at(r);
        if (record.fields.size() > head.fields.size()) {
            *error = located(sourceName, record.line, QString(),
                             QStringLiteral("%1 fields, but the header has %2")
                                 .arg(record.fields.size())
                                 .arg(head.fields.size()));
            return std::nullopt;
        }
        // A spreadsheet drops trailing empty cells: a short row has those cells blank.
        const auto cell = [&record](qsizetype i) {
            return i < record.fields.size() ? CsvTable::readTextCell(record.fields.at(i))
                                            : QString();
        };
        ScoreSheetRow row;
        row.line = record.line;
        row.filename = cell(column.value(kFilename)).trimmed();
        if (row.filename.isEmpty()) {
            *error = located(sourceName, record.line, kFilename, QStringLiteral("is empty"));
            return std::nullopt;
        }
        if (firstLine.contains(row.filename)) {
            *error = located(sourceName, record.line, kFilename,
                             QStringLiteral("\"%1\" is already scored on line %2")
                                 .arg(row.filename)
                                 .arg(firstLine.value(row.filename)));
            return std::nullopt;
        }
        firstLine.insert(row.filename, record.line);
        for (const QString& id : ids) {
            const QString text = cell(column.value(id)).trimmed();
            if (text.isEmpty()) {
                row.levels << std::nullopt;
            } else {
                bool ok = false;
                const int level = text.toInt(&ok);
                if (!ok || level < Rubric::kLowestLevel || level > Rubric::kHighestLevel) {
                    *error = located(sourceName, record.line, id,
                                     QStringLiteral("\"%1\" is not a level (%2 to %3)")
                                         .arg(text.left(40))
                                         .arg(Rubric::kLowestLevel)
                                         .arg(Rubric::kHighestLevel));
                    return std::nullopt;
                }
                row.levels << level;
            }
            const QString why = id + kWhy;
            row.why << (column.contains(why) ? cell(column.value(why)).trimmed() : QString());
        }
        sheet.rows << row;
    }
    return sheet;
}

} // namespace pb

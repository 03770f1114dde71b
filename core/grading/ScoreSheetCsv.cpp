#include "grading/ScoreSheetCsv.h"

#include "csv/CsvTable.h"
#include "grading/SheetHeader.h"

#include <QFileInfo>
#include <QHash>

namespace pb {

namespace {

const QString kFilename = QStringLiteral("filename");
const QString kWhy = QStringLiteral("_why");

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
    const std::optional<QByteArray> bytes =
        SheetHeader::fileBytes(path, kMaxFileBytes, QStringLiteral("score sheet"), error);
    if (!bytes)
        return std::nullopt;
    return parse(*bytes, QFileInfo(path).fileName(), rubric, error);
}

std::optional<ScoreSheet> ScoreSheetCsv::parse(const QByteArray& utf8, const QString& sourceName,
                                               const Rubric& rubric, QString* error)
{
    const std::optional<QList<CsvRecord>> parsed = SheetHeader::records(utf8, sourceName, error);
    if (!parsed)
        return std::nullopt;
    const QList<CsvRecord>& records = *parsed;
    const QStringList ids = rubric.ids();
    const auto known = [&ids](const QString& name) {
        return name == kFilename || ids.contains(name) ||
               (name.endsWith(kWhy) && ids.contains(name.chopped(kWhy.size())));
    };
    const std::optional<SheetHeader> head =
        SheetHeader::read(records.front(), sourceName, QStringList{kFilename} + ids, known,
                          QStringLiteral("filename, then %1, each with an optional <id>_why")
                              .arg(ids.join(QStringLiteral(", "))),
                          error);
    if (!head)
        return std::nullopt;

    ScoreSheet sheet;
    sheet.sourceName = sourceName;
    sheet.criterionIds = ids;
    QHash<QString, int> firstLine;
    for (qsizetype r = 1; r < records.size(); ++r) {
        const CsvRecord& record = records.at(r);
        if (!head->fits(record, error))
            return std::nullopt;
        ScoreSheetRow row;
        row.line = record.line;
        const std::optional<QString> name =
            head->filename(record, kFilename, QStringLiteral("scored"), &firstLine, error);
        if (!name)
            return std::nullopt;
        row.filename = *name;
        for (const QString& id : ids) {
            std::optional<int> level;
            if (!head->level(record, id, &level, error))
                return std::nullopt;
            row.levels << level;
            row.why << head->cell(record, id + kWhy).trimmed();
        }
        sheet.rows << row;
    }
    return sheet;
}

} // namespace pb

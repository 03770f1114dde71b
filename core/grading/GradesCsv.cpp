#include "grading/GradesCsv.h"

#include "csv/CsvTable.h"
#include "grading/SheetHeader.h"

#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

namespace pb {

QStringList GradesCsv::header(const Rubric& rubric)
{
    QStringList h{QStringLiteral("filename"), QStringLiteral("weighted_total"),
                  QStringLiteral("flags")};
    for (const RubricCriterion& c : rubric.criteria)
        h << c.id + QStringLiteral("_level") << c.id + QStringLiteral("_evidence");
    return h;
}

QByteArray GradesCsv::toCsv(const Rubric& rubric, const QList<GradeRow>& rows)
{
    QByteArray out = CsvTable::formatRecord(header(rubric));
    for (const GradeRow& row : rows) {
        QStringList fields{CsvTable::textCell(row.filename),
                           row.total ? row.total->text() : QString(),
                           CsvTable::textCell(row.flags.join(QLatin1Char(';')))};
        for (qsizetype i = 0; i < rubric.criteria.size(); ++i) {
            const GradeCell cell = i < row.cells.size() ? row.cells.at(i) : GradeCell{};
            fields << (cell.level ? QString::number(*cell.level) : QString())
                   << CsvTable::textCell(cell.evidence);
        }
        out += CsvTable::formatRecord(fields);
    }
    return out;
}

namespace {

std::optional<qint64> tenthsFromText(const QString& text)
{
    static const QRegularExpression form(QStringLiteral("^(-?)(\\d{1,9})\\.(\\d)$"));
    const QRegularExpressionMatch m = form.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const qint64 magnitude = m.captured(2).toLongLong() * 10 + m.captured(3).toLongLong();
    return m.captured(1).isEmpty() ? magnitude : -magnitude;
}

} // namespace

std::optional<QList<GradeRow>> GradesCsv::parse(const QByteArray& utf8, const QString& sourceName,
                                                const Rubric& rubric, QString* error)
{
    const std::optional<QList<CsvRecord>> parsed = SheetHeader::records(utf8, sourceName, error);
    if (!parsed)
        return std::nullopt;
    const QList<CsvRecord>& records = *parsed;
    const QStringList columns = header(rubric);
    const std::optional<SheetHeader> head = SheetHeader::read(
        records.front(), sourceName, columns,
        [&columns](const QString& name) { return columns.contains(name); },
        columns.join(QStringLiteral(", ")), error);
    if (!head)
        return std::nullopt;
    const QString filename = QStringLiteral("filename");
    const QString total = QStringLiteral("weighted_total");
    QList<GradeRow> rows;
    QHash<QString, int> firstLine;
    for (qsizetype r = 1; r < records.size(); ++r) {
        const CsvRecord& record = records.at(r);
        if (!head->fits(record, error))
            return std::nullopt;
        GradeRow row;
        const std::optional<QString> name =
            head->filename(record, filename, QStringLiteral("graded"), &firstLine, error);
        if (!name)
            return std::nullopt;
        row.filename = *name;
        const QString flags = head->cell(record, QStringLiteral("flags")).trimmed();
        if (!flags.isEmpty())
            row.flags = flags.split(QLatin1Char(';'));
        QList<std::optional<int>> levels;
        for (const RubricCriterion& c : rubric.criteria) {
            GradeCell cell;
            if (!head->level(record, c.id + QStringLiteral("_level"), &cell.level, error))
                return std::nullopt;
            cell.evidence = head->cell(record, c.id + QStringLiteral("_evidence"));
            levels << cell.level;
            row.cells << cell;
        }
        const QString totalText = head->cell(record, total).trimmed();
        if (!totalText.isEmpty()) {
            const std::optional<qint64> tenths = tenthsFromText(totalText);
            if (!tenths) {
                *error = head->located(record.line, total,
                                       QStringLiteral("\"%1\" is not a total with one decimal")
                                           .arg(totalText.left(40)));
                return std::nullopt;
            }
            row.total = WeightedTotal::of(rubric, levels);
            if (!row.total || row.total->tenths != *tenths) {
                *error = head->located(
                    record.line, total,
                    row.total
                        ? QStringLiteral("%1 is not the total of the row's levels (%2)")
                              .arg(totalText, row.total->text())
                        : QStringLiteral("%1 is given, but not every level is").arg(totalText));
                return std::nullopt;
            }
        }
        rows << row;
    }
    return rows;
}

std::optional<QList<GradeRow>> GradesCsv::readFile(const QString& path, const Rubric& rubric,
                                                   QString* error)
{
    const std::optional<QByteArray> bytes =
        SheetHeader::fileBytes(path, kMaxFileBytes, QStringLiteral("grades file"), error);
    if (!bytes)
        return std::nullopt;
    return parse(*bytes, QFileInfo(path).fileName(), rubric, error);
}

ScoreSheet GradesCsv::judgeSheet(const Rubric& rubric, const QList<GradeRow>& rows,
                                 const QString& sourceName)
{
    ScoreSheet sheet;
    sheet.sourceName = sourceName;
    sheet.criterionIds = rubric.ids();
    for (const GradeRow& row : rows) {
        ScoreSheetRow s;
        s.filename = row.filename;
        for (qsizetype i = 0; i < rubric.criteria.size(); ++i) {
            const GradeCell cell = i < row.cells.size() ? row.cells.at(i) : GradeCell{};
            s.levels << cell.level;
            s.why << cell.evidence;
        }
        sheet.rows << s;
    }
    return sheet;
}

} // namespace pb

#include "grading/GradesCsv.h"

#include "csv/CsvTable.h"

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

} // namespace pb

#pragma once

#include "grading/GradeRow.h"
#include "grading/ScoreSheet.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// grades.csv, one row per submission in the lab's columns: filename, weighted_total, flags,
// then <id>_level and <id>_evidence per criterion in rubric order. weighted_total has one
// decimal ("62.3") or is empty when the submission has no total; flags are joined with ";";
// an unscored level is an empty cell, never a number. Written through CsvTable: UTF-8,
// RFC 4180, CRLF, free text (filename, evidence, flags) with controls escaped and formulas
// neutralised as in every log the workbench writes.
class GradesCsv
{
public:
    static QStringList header(const Rubric& rubric);
    static QByteArray toCsv(const Rubric& rubric, const QList<GradeRow>& rows);

    // Reads grades.csv back, columns found by name (every column of header() is required).
    // A level is blank or 1 to 4; a weighted_total is blank or has one decimal, and when
    // given must be the total of the row's levels under this rubric, so a sheet edited by
    // hand, or graded with other weights, is refused rather than believed. The evidence
    // check is not in the file: cells read back have match None. Errors name file, line
    // and column as score sheets do.
    static std::optional<QList<GradeRow>> parse(const QByteArray& utf8, const QString& sourceName,
                                                const Rubric& rubric, QString* error);
    static std::optional<QList<GradeRow>> readFile(const QString& path, const Rubric& rubric,
                                                   QString* error);
    // The judge's levels as one more rater's sheet (evidence as the justification), so the
    // agreement statistics line the judge up with people by filename.
    static ScoreSheet judgeSheet(const Rubric& rubric, const QList<GradeRow>& rows,
                                 const QString& sourceName);

    static constexpr qint64 kMaxFileBytes = 64 * 1024 * 1024;
};

} // namespace pb

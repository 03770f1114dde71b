#pragma once

#include "grading/GradeRow.h"

#include <QByteArray>
#include <QList>
#include <QStringList>

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
};

} // namespace pb

#pragma once

#include "grading/ScoreSheet.h"
#include "judge/Rubric.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// A score sheet as a spreadsheet keeps it: filename, then one column per criterion id
// holding the level, then <id>_why per criterion holding the justification. Reading finds
// columns by name in any order, ignoring spaces around a name; every criterion of
// the rubric needs its level column, a _why column may be left out, and any other column
// is refused (a typo would otherwise hide a criterion). A level cell is blank (not scored)
// or a whole number 1 to 4. Every refusal names the file, the line and the column:
//   sheet_a.csv: line 4, column "C2": "5" is not a level (1 to 4)
// Writing uses CsvTable's text cells, so a sheet written here reads back the same.
class ScoreSheetCsv
{
public:
    static constexpr qint64 kMaxFileBytes = 8 * 1024 * 1024;

    static QStringList header(const Rubric& rubric);
    static QByteArray toCsv(const Rubric& rubric, const ScoreSheet& sheet);

    static std::optional<ScoreSheet> readFile(const QString& path, const Rubric& rubric,
                                              QString* error);
    static std::optional<ScoreSheet> parse(const QByteArray& utf8, const QString& sourceName,
                                           const Rubric& rubric, QString* error);
};

} // namespace pb

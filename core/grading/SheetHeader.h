#pragma once

#include "csv/CsvTable.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

namespace pb {

// The header row of a sheet grading reads back by column name (a score sheet, grades.csv):
// names trimmed, each at most once, every required one present and none unknown, so a typo
// in a column name is refused instead of silently dropping a criterion. Messages name the
// file, the line and the column in one form for every such sheet:
//   sheet_a.csv: line 4, column "C2": "5" is not a level (1 to 4)
class SheetHeader
{
public:
    // A sheet file's bytes, at most maxBytes (noun names the file in the message), or nothing
    // with *error "<file name>: <why>".
    static std::optional<QByteArray> fileBytes(const QString& path, qint64 maxBytes,
                                               const QString& noun, QString* error);
    // The CSV records of a sheet, the header row first; a sheet that is not CSV or has no
    // header row is an error beginning with sourceName.
    static std::optional<QList<CsvRecord>> records(const QByteArray& utf8,
                                                   const QString& sourceName, QString* error);
    // known: whether a column name belongs in the sheet; knownText describes the columns for
    // the message about one that does not.
    static std::optional<SheetHeader> read(const CsvRecord& header, const QString& sourceName,
                                           const QStringList& required,
                                           const std::function<bool(const QString&)>& known,
                                           const QString& knownText, QString* error);

    bool has(const QString& name) const { return m_columns.contains(name); }
    qsizetype width() const { return m_width; }
    // The cell of a record under a column, as CsvTable::readTextCell gives it back; empty
    // when the column is absent or the record stops short of it (spreadsheets drop trailing
    // empty cells).
    QString cell(const CsvRecord& record, const QString& name) const;
    // A level cell: blank is "not scored" (*level empty), else a whole number 1 to 4; anything
    // else is an error naming the line and column, and false.
    bool level(const CsvRecord& record, const QString& name, std::optional<int>* level,
               QString* error) const;
    // A record wider than the header is an error naming its line; false then.
    bool fits(const CsvRecord& record, QString* error) const;

    // The file a row is about, from the column `column`: not blank, and not a file an earlier
    // row of this sheet named (firstLine holds the lines seen, and takes this one). verb says
    // what a row does to its file in the message: "graded", "scored".
    std::optional<QString> filename(const CsvRecord& record, const QString& column,
                                    const QString& verb, QHash<QString, int>* firstLine,
                                    QString* error) const;

    const QString& sourceName() const { return m_source; }
    QString located(int line, const QString& column, const QString& message) const;

private:
    QString m_source;
    QHash<QString, qsizetype> m_columns;
    qsizetype m_width = 0;
};

} // namespace pb

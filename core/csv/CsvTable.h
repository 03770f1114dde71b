#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

// RFC 4180 text tables in UTF-8. Writing quotes a field only when it holds a comma, quote,
// CR or LF. Reading accepts quoted fields spanning lines, CRLF or LF, and a UTF-8 BOM, and
// remembers the line each record started on so errors can name it.
struct CsvRecord
{
    int line = 0; // 1-based line of the file where the record starts
    QStringList fields;
};

class CsvTable
{
public:
    static QByteArray formatRecord(const QStringList& fields);
    static QString quoteField(const QString& field);

    // A cell a spreadsheet would run as a formula (leading =, +, -, @, tab or CR) gets a
    // leading apostrophe, the convention Excel, LibreOffice and Sheets all honour as
    // "this is text". Numbers written by the workbench itself are not passed through this.
    static QString neutraliseFormula(const QString& text);
    // Undoes neutraliseFormula on a cell this workbench wrote.
    static QString restoreFormula(const QString& text);

    // Parses the whole text; on malformed quoting returns false with *error naming the line.
    static bool parse(const QByteArray& utf8, QList<CsvRecord>* records, QString* error);
};

} // namespace pb

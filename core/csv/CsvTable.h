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

    // A control character other than tab and line feed (NUL, CR, ESC, DEL, the C1 range) is
    // never written raw: it becomes \xHH, its code in two upper-case hex digits, visible in
    // any editor or spreadsheet. So that this reads back exactly, a run of backslashes that
    // would otherwise be read as such an escape (before "x1B" in a reply explaining escape
    // codes, or before a control character) is doubled. Text without control characters or
    // "\x" followed by such a code is left as it is.
    static QString escapeControls(const QString& text);
    // Undoes escapeControls.
    static QString restoreControls(const QString& text);
    // A free-text cell as the logs write it: controls escaped, then a formula neutralised;
    // readTextCell gives the text back.
    static QString textCell(const QString& text);
    static QString readTextCell(const QString& cell);

    // Parses the whole text; on malformed quoting returns false with *error naming the line.
    static bool parse(const QByteArray& utf8, QList<CsvRecord>* records, QString* error);
};

} // namespace pb

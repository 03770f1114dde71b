#pragma once

#include "probe/ProbeDocument.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

// A probe's matched pairs as rows of a table, for CSV files and for rows pasted from a
// spreadsheet. The table has a column per attribute value, plus optional "id", "note" and
// "facts" columns (facts joined with "; "). Rows that come in get ids that do not clash
// with the ids already taken: their own id when it is free, the next free number if not.
class PairRows
{
public:
    struct Parsed
    {
        QList<ProbeItem> items;
        QStringList errors; // one sentence each, naming the line
        bool ok() const { return errors.isEmpty(); }
    };

    // "id", the values in order, "note", "facts".
    static QStringList header(const QStringList& values);
    static QByteArray toCsv(const ProbeDocument& doc);

    // A CSV file whose first record is a header naming every value (id, note and facts
    // are optional, other columns are reported as errors).
    static Parsed fromCsv(const QByteArray& utf8, const QStringList& values,
                          const QStringList& takenIds);

    // Rows copied from a spreadsheet: cells separated by tabs, one item per line, cells
    // with line breaks in double quotes (as spreadsheets copy them). A first row that
    // names every value is a header. Without one, a row of n cells for n values holds the
    // variants in order, and a row of n + 1 cells starts with the id.
    static Parsed fromTabSeparated(const QString& text, const QStringList& values,
                                   const QStringList& takenIds);

    // The smallest whole number, as text, that is not in taken.
    static QString nextFreeId(const QStringList& taken);
    static QStringList splitFacts(const QString& text);
    static QString joinFacts(const QStringList& facts);
};

} // namespace pb

#pragma once

#include "nameset/NameSetDocument.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

// What reading a pasted or imported name list produced: the names, or the first problem,
// naming its line ("line 4: no group: ..."); never part of a list.
struct NameListImport
{
    QList<NameEntry> names;
    QString error; // empty when the list was read

    bool ok() const { return error.isEmpty(); }
};

// A name list written as text, one name a line: name, group, then the names' own fields
// (the document's {placeholders} other than {name}), separated by tabs when the first row
// has a tab (text pasted from a spreadsheet) and by commas otherwise (CSV, with RFC 4180
// quoting, so a group may read "white-associated, female"). A first row reading
// name, group, ... is a header: its further columns name the fields, in any order; without
// one, fields follow in the order given. Blank lines are skipped; names and groups are
// trimmed. Any problem refuses the whole list, so an import adds all of it or nothing.
class NameListText
{
public:
    static constexpr qint64 kMaxFileBytes = 16 * 1024 * 1024;
    static constexpr int kMaxNames = 100'000;

    static NameListImport parse(const QString& text, const QStringList& fields);
    // The file read (bounded, UTF-8) and parsed; problems begin with the file's name.
    static NameListImport readFile(const QString& path, const QStringList& fields);
};

} // namespace pb

#pragma once

#include "byhand/ByHandEntry.h"

#include <QList>
#include <QString>

namespace pb {

// The by-hand sheet as the project file keeps it: every field of every entry, filled or
// not, so what was typed in comes back exactly (whitespace, a value set by hand, the flag
// the metric gave) when the project is opened again. The CSV export stays the tutorial's
// spreadsheet; this is the lossless form.
class ByHandSheetJson
{
public:
    static constexpr const char* kFormat = "probebench/by-hand-sheet@1";

    static QString toJson(const QList<ByHandEntry>& entries);
    // False with *error (naming the entry) when the text is not a sheet this wrote.
    static bool fromJson(const QString& json, QList<ByHandEntry>* entries, QString* error);
};

} // namespace pb

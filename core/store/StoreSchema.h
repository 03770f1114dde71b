#pragma once

#include "store/StoreFailure.h"

#include <QString>
#include <QStringList>

class QSqlDatabase;

namespace pb {

// What makes a SQLite file a Probe Workbench store, and how one is checked when it is opened.
// A store is marked with SQLite's application_id ("PbWb") and a meta table holding the schema
// version; a store made before the mark (a meta table with key 'schema' beside the runs and
// calls tables) is recognised by its tables and marked. Any other database is refused
// untouched: nothing is added to another program's file.
class StoreSchema
{
public:
    static constexpr int kApplicationId = 0x50625762; // "PbWb"
    // 2: calls.input_tokens and calls.output_tokens. A schema 1 store gains them when it is
    // opened, filled from the server facts its rows already keep (see migrate in the .cpp).
    static constexpr int kVersion = 2;

    enum class Kind
    {
        Empty,    // a new or empty file: it becomes a store
        Store,    // marked as ours
        Unmarked, // ours by its tables, made before the mark
        Foreign,  // another program's database
    };

    // Why a step failed: the sentence to show and what kind of failure it is.
    struct Failure
    {
        QString text;
        StoreFailure::Kind kind = StoreFailure::Kind::Unusable;
    };

    // Looks at the file before SQLite opens it: a file that is not SQLite at all is refused
    // with a sentence naming it.
    static bool checkFileHeader(const QString& path, Failure* failure);
    // What the open connection's file is, and its tables; false when it cannot be read.
    static bool identify(const QSqlDatabase& db, const QString& path, Kind* kind,
                         QStringList* tables, Failure* failure);
    // PRAGMA quick_check: true when SQLite finds the file whole. *findings gets what it
    // reported otherwise (at most a few lines).
    static bool isWhole(const QSqlDatabase& db, QStringList* findings);
    // Everything open() does before the first read: identity, integrity (unless checkWhole is
    // false: the store is open and was found whole in this process already), then the journal
    // settings, the tables and the mark. A file refused as foreign, damaged or newer is never
    // written to.
    static bool prepare(const QSqlDatabase& db, const QString& path, bool checkWhole,
                        Failure* failure);
};

} // namespace pb

#pragma once

#include <QString>

class QSqlError;

namespace pb {

// The sentences a run store's failures are shown in: what happened to which file and what to
// do, never SQLite's raw text alone ("database disk image is malformed Unable to execute
// statement"). The CLI prints them as they are; the window shows them in its message boxes.
class StoreFailure
{
public:
    // What kind of failure it is, for a caller that acts on it (the CLI's exit code).
    enum class Kind
    {
        Unusable, // not a store, another program's, damaged, newer: the file cannot be used
        InUse,    // another program holds it
        System,   // the system refused: a full disk, a read-only file, an I/O error
    };
    static Kind kindOf(const QSqlError& error);

    // `what` says what was being done ("cannot read the calls of run 3"). A damaged file, a
    // full disk, a read-only file and a store busy elsewhere get their own sentence.
    static QString describe(const QString& path, const QString& what, const QSqlError& error);
    // The file is damaged: it was refused, and how to recover what can still be read.
    static QString damaged(const QString& path);
    // SQLite says the file is damaged (SQLITE_CORRUPT, SQLITE_NOTADB).
    static bool isDamage(const QSqlError& error);
};

} // namespace pb

#pragma once

#include <QString>

namespace pb {

// A copy of a run store taken the way SQLite promises is whole: VACUUM INTO through a
// read-only connection of its own, so calls a run's connection still holds in the WAL are
// in the copy (a file copy of the main database file alone loses them). The copy is
// written under a temporary name beside the target and renamed into place, so the target
// is either what it was before or the complete copy, never part of one.
class StoreBackup
{
public:
    enum class Existing
    {
        Refuse, // an existing target is an error: nothing is replaced unasked
        Replace // the user confirmed replacing it
    };

    // Copies the store at `from` to `to`. On failure returns false, says why in *error
    // (naming the file), and leaves no partial file behind. Refused: a missing source, a
    // target equal to the source, an existing target unless `existing` is Replace, and a
    // target some connection may still have open (it has a write-ahead log).
    static bool copy(const QString& from, const QString& to, Existing existing, QString* error);
};

} // namespace pb

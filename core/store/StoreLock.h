#pragma once

#include <QDateTime>
#include <QString>
#include <optional>

namespace pb {

// Who holds a store's lock, as its lock file records it.
struct StoreHolder
{
    qint64 pid = 0;
    QString host; // empty or this machine's name when on this machine
    QString app;  // the holding program's executable name ("probebench")
    QDateTime since;

    // "in use by probebench, process 4711, since 09:12" ("on host h" when another machine).
    QString describe() const;
    // The sentence a second writer is refused with: "<store> is in use by ...: only one
    // program may write to a store at a time: ...".
    QString refusal(const QString& storePath) const;
};

// One writer per store. The process-level owner of a store (a CLI run command, a window's open
// project) takes "<store>.lock" before it writes anything, and keeps it until it closes the
// store. The lock file (QLockFile) records the process id, host and program; one left behind by
// a process that died on this machine is taken over, so a kill -9 never blocks the next run.
//
// The lock belongs to the process, not to one object: every StoreLock of the same store in
// one process shares it (workers on other threads open their own SQLite connections under the
// owner's lock), and the file is removed when the last one lets go. Thread-safe.
class StoreLock
{
public:
    StoreLock() = default;
    ~StoreLock();
    StoreLock(const StoreLock&) = delete;
    StoreLock& operator=(const StoreLock&) = delete;

    // Takes the lock of the store at storePath, which need not exist yet (its folder must).
    // Holding another store's lock already, it lets that one go first. On failure returns
    // false and says why in *error, naming the store: who holds it ("tutorial.pbrun is in use
    // by probebench, process 4711, since 09:12: ...") or why the lock file cannot be made.
    bool acquire(const QString& storePath, QString* error);
    // Lets go (the file goes when no other holder in this process remains). Idempotent.
    void release();
    bool isHeld() const { return !m_key.isEmpty(); }
    // The store this lock holds, as given to acquire(); empty when none.
    QString storePath() const { return m_storePath; }

    // Hands this lock's hold over to `other` (which lets go of what it held), leaving this one
    // empty: a Save As keeps the target's lock and drops the old one.
    void moveTo(StoreLock* other);

    // Another live process holding the store's lock, if any; this process's own hold does
    // not count, and neither does a lock left by a process that died on this machine.
    static std::optional<StoreHolder> otherHolder(const QString& storePath);
    // "<store>.lock", beside the store.
    static QString lockPath(const QString& storePath);
    // The store's absolute path with its folder resolved, so two spellings of one file match.
    static QString canonicalPath(const QString& storePath);

private:
    QString m_key; // the store's absolute path, the key of the process-wide registry
    QString m_storePath;
};

} // namespace pb

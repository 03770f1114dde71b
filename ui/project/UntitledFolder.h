#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

class WorkerThread;

// The app's data folder, where a project lives (untitled-<time>.pbrun) until it is saved
// under a name. Earlier versions left one such file behind for every New or tutorial that
// was never used, and they filled Open Recent; the window now deletes an unused one when it
// leaves it (UnsavedWork), and this clears out those left from before.
class UntitledFolder
{
public:
    // Where ProbeProject puts untitled projects.
    static QString path();
    // True for a file name ProbeProject gives an untitled project.
    static bool isUntitledName(const QString& path);

    // Deletes the untitled files in folder that hold nothing of anyone's: no run, no by-hand
    // sheet, and a draft that is exactly one of blankDrafts (what New and the tutorial write).
    // Leaves alone keep, any file in use or not closed cleanly (a -wal or -shm beside it) and
    // any changed in the last hour. Reads each through a store connection of its own, so it
    // may (and should) run off the GUI thread. Returns the files deleted.
    static QStringList removeUnused(const QString& folder, const QStringList& blankDrafts,
                                    const QString& keep = QString());
    // What New and the tutorial write as the draft of a new untitled project.
    static QStringList blankDrafts();
    // removeUnused(path(), blankDrafts(), keep) on worker's thread.
    static void startRemovingUnused(WorkerThread* worker, const QString& keep);
};

} // namespace pb

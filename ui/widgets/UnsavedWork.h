#pragma once

#include "store/StoreBackup.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <functional>

class QWidget;

namespace pb {

class ProbeProject;

// Work that lives only in an untitled project (a file the project made in the app's data
// folder), and what becomes of it when the window leaves the project: another probe opened
// or started, or the window closed.
//  - A project saved under a name is autosaved: there is nothing to ask.
//  - An untitled project that holds nothing of the user's (no edit since it was made, no
//    run, no by-hand sheet) is deleted once left, so untitled files do not pile up.
//  - One that holds work is asked about first: Save (Save As, under a name), Discard (deleted
//    once left) or Cancel (stay on it).
// A file is deleted only after the project has let go of it (another one opened, or the
// project destroyed), so an open that fails leaves everything as it was.
class UnsavedWork : public QObject
{
    Q_OBJECT
public:
    // saveAs asks for a name and saves the project under it; false when cancelled or failed.
    UnsavedWork(ProbeProject* project, QWidget* window, std::function<bool()> saveAs);

    // Before leaving the project: asks when needed. False: stay.
    bool confirmLeave();
    // The project let go of its file (opened another, or was destroyed): deletes the file
    // confirmLeave() marked, unless the project still uses it.
    void left();
    // The leaving did not happen (the open failed): nothing is deleted.
    void stay();
    // Saves the project under path (replacing a file there only when `existing` says so);
    // an untitled one's data-folder file, now a stale copy, is deleted.
    bool saveAs(const QString& path, QString* error,
                StoreBackup::Existing existing = StoreBackup::Existing::Refuse);

    // True for an untitled project with an edit, a run or a by-hand sheet.
    static bool holdsWork(ProbeProject& project);
    // Deletes a store and its SQLite companions (-wal, -shm).
    static bool removeStore(const QString& path);

private:
    QPointer<ProbeProject> m_project;
    QWidget* m_window;
    std::function<bool()> m_saveAs;
    QString m_pendingRemoval;
};

} // namespace pb

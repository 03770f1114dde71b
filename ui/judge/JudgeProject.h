#pragma once

#include "judge/JudgeProbeDocument.h"
#include "judge/JudgeProbeLoadResult.h"
#include "store/StoreLock.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

namespace pb {

// The judge probe open in a JudgeWindow: the document, its .judge.json file, a QUndoStack of
// whole-document snapshots (consecutive edits with the same description merge into one
// step), the dirty flag (the undo stack's clean state) and the results store. The store is
// where `probebench run FILE.judge.json` puts it by default (<name>-results/<name>.pbrun
// beside the probe), so the GUI and the CLI resume the same runs. Lives on the GUI thread;
// it never runs anything itself. From open() (or saveAs()) until it is closed or replaced it
// holds that store's lock (StoreLock) once the results folder exists (a probe never run has
// none and looking makes none: its first run's worker takes the lock, and the project takes
// it too when that run ends), so a CLI run cannot write to the store meanwhile; a probe whose
// store another process holds is refused.
class JudgeProject : public QObject
{
    Q_OBJECT
public:
    explicit JudgeProject(QObject* parent = nullptr);

    const JudgeProbeDocument& document() const { return m_document; }
    // Records the new document as one undoable step named `description`; an edit that
    // changes nothing, or comes while a run is going, is ignored.
    void applyEdit(const JudgeProbeDocument& doc, const QString& description);
    QUndoStack* undoStack() { return &m_undo; }
    bool isDirty() const { return !m_undo.isClean(); }

    QString filePath() const { return m_path; }
    QString displayName() const; // the file's name, or the title before there is a file
    // The problems of the last load that did not stop it (warnings), one per line.
    QString loadWarnings() const { return m_warnings; }

    // Opens a .judge.json; on failure the document is unchanged and *error lists every
    // problem by file and path, as the reader reports them.
    bool open(const QString& path, QString* error);
    // Writes the probe (and its rubric file, when it has one) to filePath().
    bool save(QString* error);
    // Writes to a new path, which becomes the project's file (and so its results store).
    bool saveAs(const QString& path, QString* error);
    // Copies the embedded padding demo (probe and rubric) into a folder of its own under
    // parentFolder (the app's data folder when empty) and opens it. A demo folder the user
    // changed is never overwritten: another one is made beside it.
    bool newFromDemo(QString* error, const QString& parentFolder = QString());

    // "<folder>/<name>-results" and "<folder>/<name>-results/<name>.pbrun" for filePath(),
    // as `probebench run` chooses them without --out/--store.
    QString resultsFolder() const { return defaultResultsFolder(m_path); }
    QString storePath() const { return defaultStorePath(m_path); }
    static QString defaultResultsFolder(const QString& probePath);
    static QString defaultStorePath(const QString& probePath);

    // The document checked by the reader as it would be saved (the rubric as edited, not as
    // on disk): what the run refuses to start with, named by path.
    JudgeProbeLoadResult check() const;

    // True while a judge run is going: the document must not change under it.
    bool isLocked() const { return m_running; }
    void setRunning(bool running);

Q_SIGNALS:
    void documentChanged();
    void fileChanged();
    void runningChanged(bool running);

private:
    friend class JudgeEditCommand;
    void setDocumentFromUndo(const JudgeProbeDocument& doc);
    void adopt(const JudgeProbeDocument& doc, const QString& path);
    // Takes the lock of probePath's store into *lock when its results folder exists. Refused
    // only when another process holds it: a folder that cannot hold a lock (read-only) cannot
    // hold a store either.
    static bool holdStore(const QString& probePath, StoreLock* lock, QString* error);

    JudgeProbeDocument m_document;
    QString m_path;
    QString m_warnings;
    bool m_running = false;
    QUndoStack m_undo;
    StoreLock m_lock;
};

} // namespace pb

#pragma once

#include "project/SnapshotEdit.h"
#include "store/StoreLock.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QUndoStack>
#include <optional>

namespace pb {

// A probe kept in a JSON file of its own (a judge probe, a name set), open in a window: the
// file, its undo stack (the dirty flag is the stack's clean state), the problems the last
// load let through, and the results store where `probebench run FILE` puts it without
// --out/--store (<name>-results/<name>.pbrun beside the file), so the window and the CLI
// resume the same runs. From open() (or saveAs()) until it is closed or replaced it holds
// that store's lock once the results folder exists (a probe never run has none and looking
// makes none: the first run's worker takes the lock, and the project takes it when that run
// ends), so a CLI run cannot write to the store meanwhile; a probe whose store another
// process holds is refused. Lives on the GUI thread and never runs anything itself.
//
// Whether a run is going (isRunning) and whether the store holds results for the document
// (hasResults) are two questions: the first is set by whoever starts the run, the second by
// whoever reads the store or a run's calls.
class ProbeFileProject : public QObject
{
    Q_OBJECT
public:
    // fileSuffix: the kind's own (".judge.json"), chopped for the results folder's name.
    explicit ProbeFileProject(const QString& fileSuffix, QObject* parent = nullptr);

    QUndoStack* undoStack() { return &m_undo; }
    bool isDirty() const { return !m_undo.isClean(); }

    QString filePath() const { return m_path; }
    QString fileSuffix() const { return m_suffix; }
    QString displayName() const; // the file's name, or untitledName() before there is a file
    // The problems of the last load that did not stop it (warnings), one per line.
    QString loadWarnings() const { return m_warnings; }

    // Opens a file of the kind; on failure the document is unchanged and *error lists every
    // problem by file and path, as the kind's reader reports them.
    bool open(const QString& path, QString* error);
    // Writes the document to filePath().
    bool save(QString* error);
    // Writes to a new path, which becomes the project's file (and so its results store).
    bool saveAs(const QString& path, QString* error);

    // "<folder>/<name>-results" and its "<name>.pbrun" for filePath(), as `probebench run`
    // chooses them without --out/--store.
    QString resultsFolder() const { return defaultResultsFolder(m_path, m_suffix); }
    QString storePath() const { return defaultStorePath(m_path, m_suffix); }
    static QString defaultResultsFolder(const QString& probePath, const QString& suffix);
    // Where an export's folder dialog starts: resultsFolder(), unless the probe has no file or
    // lives in the app's data folder (an example's copy, a place nobody browses to), then the
    // user's documents folder, else home. Never the process's working folder.
    QString exportFolder() const;
    static QString defaultStorePath(const QString& probePath, const QString& suffix);

    // True while a run is going: the document must not change under it.
    bool isRunning() const { return m_running; }
    void setRunning(bool running);
    // The store holds calls for the document as it is (read back or just recorded).
    bool hasResults() const { return m_hasResults; }
    void setHasResults(bool hasResults);

Q_SIGNALS:
    void documentChanged();
    void fileChanged();
    void runningChanged(bool running);
    void hasResultsChanged(bool hasResults);

protected:
    // Reads path into a document kept aside for adoptRead(); false with every problem in
    // *error. *warnings: the problems that did not stop it.
    virtual bool readDocument(const QString& path, QString* error, QString* warnings) = 0;
    // Makes the document readDocument() read the project's.
    virtual void adoptRead() = 0;
    virtual bool writeDocument(const QString& path, QString* error) const = 0;
    virtual QString untitledName() const = 0;

    // Copies embedded example files (":/examples/<name>") into a folder of their own under
    // parentFolder (the app's data folder when empty), named folderName, folderName-2, ...,
    // and opens the first. A folder whose copies were changed is the user's work and is never
    // overwritten: the next free one is used; one still holding the files as shipped is
    // reused, so its results resume.
    bool openExampleCopy(const QStringList& files, const QString& folderName, QString* error,
                         const QString& parentFolder);

private:
    // Takes the lock of probePath's store into *lock when its results folder exists. Refused
    // only when another process holds it: a folder that cannot hold a lock (read-only) cannot
    // hold a store either.
    bool holdStore(const QString& probePath, StoreLock* lock, QString* error) const;

    QString m_suffix;
    QString m_path;
    QString m_warnings;
    bool m_running = false;
    bool m_hasResults = false;
    QUndoStack m_undo;
    StoreLock m_lock;
};

// The part of a file project that depends on the document's type: the document and its
// whole-document snapshot undo (SnapshotEdit). A kind supplies read() and write().
template <class Document> class DocumentFileProject : public ProbeFileProject
{
public:
    using ProbeFileProject::ProbeFileProject;

    const Document& document() const { return m_document; }
    // Records the new document as one undoable step named `description`; an edit that
    // changes nothing, or comes while a run is going, is ignored.
    void applyEdit(const Document& doc, const QString& description)
    {
        if (isRunning() || doc == m_document)
            return;
        undoStack()->push(
            new SnapshotEdit<Document, DocumentFileProject>(this, m_document, doc, description));
    }

protected:
    virtual std::optional<Document> read(const QString& path, QString* error,
                                         QString* warnings) const = 0;
    virtual bool write(const Document& doc, const QString& path, QString* error) const = 0;

    bool readDocument(const QString& path, QString* error, QString* warnings) override
    {
        m_read = read(path, error, warnings);
        return m_read.has_value();
    }
    void adoptRead() override
    {
        m_document = std::move(*m_read);
        m_read.reset();
    }
    bool writeDocument(const QString& path, QString* error) const override
    {
        return write(m_document, path, error);
    }

private:
    friend class SnapshotEdit<Document, DocumentFileProject>;
    void setDocumentFromUndo(const Document& doc)
    {
        m_document = doc;
        Q_EMIT documentChanged();
    }

    Document m_document;
    std::optional<Document> m_read;
};

} // namespace pb

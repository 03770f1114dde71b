#pragma once

#include "probe/ProbeDocument.h"
#include "run/WorkerThread.h"
#include "store/LoggedCall.h"
#include "store/RunRecord.h"
#include "store/StoreBackup.h"
#include "store/StoreLock.h"

#include <QObject>
#include <QSet>
#include <QTimer>
#include <QUndoStack>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace pb {

class RunStore;

// The open project: one .pbrun file (a RunStore) holding the probe being edited and every
// run made of it. Edits go through the undo stack as whole-document snapshots (probes are
// small) and are autosaved into the file a second after the last change. An untitled
// project lives in the app's data folder until it is saved under a name.
//
// Lives on the GUI thread. Reads of the store here are small; runs and re-scorings write to
// the same file from their own thread through their own connection (SQLite WAL allows both).
// The project holds the store's lock (StoreLock) from the moment it opens or creates the file
// until it is closed or replaced, so another process (a CLI run, a second workbench) cannot
// write to it meanwhile; opening a store another process holds is refused, naming the holder.
class ProbeProject : public QObject
{
    Q_OBJECT
public:
    explicit ProbeProject(QObject* parent = nullptr);
    ~ProbeProject() override;

    const ProbeDocument& document() const { return m_document; }
    // Records the change as one undoable step named `description` ("Edit item 3").
    void applyEdit(const ProbeDocument& after, const QString& description);
    // Applies `change` to a copy of the document and records it as one undoable step named
    // `description`, unless it changed nothing (so no empty steps reach the undo stack).
    void edit(const QString& description, const std::function<void(ProbeDocument&)>& change);
    QUndoStack* undoStack() { return &m_undo; }

    QString filePath() const { return m_path; }
    QString displayName() const;
    bool isUntitled() const { return m_untitled; }

    // A new untitled project holding the tutorial's style probe on the stand-in model.
    bool newFromExample(QString* error);
    // A new untitled project with two empty values and one empty item (blankDocument()).
    bool newEmpty(QString* error);
    static ProbeDocument blankDocument();
    // Opens a .pbrun project, or imports a .probe.json into a new untitled project.
    bool open(const QString& path, QString* error);
    // Saves the project under a new name (.pbrun), or exports the probe (.probe.json). The
    // .pbrun is a StoreBackup copy of the whole file, calls a run still holds in the WAL
    // included, and the project goes on in the copy. An existing file is replaced only when
    // `existing` says the user confirmed it. Refused while a run or a re-scoring is going.
    bool saveAs(const QString& path, QString* error,
                StoreBackup::Existing existing = StoreBackup::Existing::Refuse);
    // Writes the draft now (autosave does this a second after an edit).
    bool saveDraft(QString* error);

    QList<RunRecord> runs() const;
    QList<LoggedCall> calls(qint64 runId) const;
    // The run whose configuration equals the document's (same items, settings, metric).
    std::optional<qint64> runForDocument() const;
    // Pre-registration: the document's configuration already has results beyond a dry run
    // (PreRegistration), so its settings and metric must not change under them. Editing
    // starts a new run instead.
    bool isLocked() const;
    // The document's configuration has at least one answered call (a dry run's count).
    bool hasResults() const;
    // Tells the project that the current configuration now has an answered call beyond the
    // dry run's, so isLocked() need not read the run back from the store (a large run makes
    // that slow).
    void noteResults();

    bool isRunning() const { return m_running; }
    void setRunning(bool running);
    // Called after a run recorded calls, so views re-read runs and the lock state.
    void notifyRunsChanged();
    // Starts re-scoring every answered call of the run (both values and the noise arm) with
    // the corrected metric on a worker thread with its own connection to filePath(): it reads
    // the calls, scores them again (core Rescoring) and stores them with a note on the run
    // (RunStore::rescore); a second correction keeps the first one's note on record. Refused,
    // false with *error, while a run or another re-scoring is going, when the metric is not
    // valid or the run cannot be read; these are checked here, on the calling thread.
    // Back on this thread it emits, on success, runRescored(runId) and runsChanged(), then
    // rescoreFinished(runId, ok, error) in any case.
    bool startRescore(qint64 runId, const MetricSpec& corrected, QString* error);
    // True from a successful startRescore() until its result is back on this thread (it is
    // false again when runRescored and rescoreFinished arrive). Meanwhile RunControl starts no
    // run and open(), newEmpty(), newFromExample() and saveAs() to a .pbrun are refused.
    bool isRescoring() const { return m_rescoring; }
    // The metric a run's replies are scored with now: its probe's metric, under the name and
    // kind a re-scoring gave it.
    std::optional<MetricSpec> runMetric(qint64 runId) const;

    // The by-hand run sheet kept in the project file (ByHandSheetJson), so replies typed in
    // by hand are evidence like logged calls; empty when none was saved.
    QString byHandSheet() const;
    bool saveByHandSheet(const QString& sheet, QString* error);

Q_SIGNALS:
    void documentChanged();
    void fileChanged();
    void runsChanged();
    // The run's metric values were replaced; views showing it read it again.
    void runRescored(qint64 runId);
    // A re-scoring started by startRescore() ended; error says why when !ok.
    void rescoreFinished(qint64 runId, bool ok, const QString& error);
    void rescoringChanged(bool rescoring);
    void runningChanged(bool running);
    void saveFailed(const QString& message);

private:
    bool openStore(const QString& path, QString* error);
    bool adoptDocument(const ProbeDocument& doc, QString* error);
    QString untitledPath() const;
    void setDocumentFromUndo(const ProbeDocument& doc);
    // Refuses replacing the project file while a re-scoring writes to it.
    bool refuseWhileRescoring(QString* error) const;
    void finishRescore(qint64 runId, bool ok, const QString& error);

    template <class Document, class Project> friend class SnapshotEdit;

    ProbeDocument m_document;
    // Declared before the store so the store is closed before the lock is let go.
    StoreLock m_lock;
    std::unique_ptr<RunStore> m_store;
    QString m_path;
    bool m_untitled = true;
    bool m_running = false;
    // The re-scoring's worker, made on the first re-scoring; m_cancelRescore makes it stop
    // before it writes anything (used when the project is destroyed meanwhile).
    std::unique_ptr<WorkerThread> m_rescoreWorker;
    bool m_rescoring = false;
    std::atomic<bool> m_cancelRescore{false};
    qint64 m_rescoreRunId = 0;
    QUndoStack m_undo;
    QTimer m_autosave;
    // Configuration hashes known to have results. Results are never removed from a run,
    // so a hash once found locked stays locked for this store.
    mutable QSet<QString> m_lockedConfigs;
};

} // namespace pb

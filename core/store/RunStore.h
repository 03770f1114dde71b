#pragma once

#include "store/LoggedCall.h"
#include "store/RecordedDigests.h"
#include "store/RunEvent.h"
#include "store/RunRecord.h"
#include "store/StoreFailure.h"

#include <QList>
#include <QSet>
#include <QString>
#include <functional>
#include <memory>
#include <optional>

class QSqlQuery;

namespace pb {

// The evidence file: a SQLite database (Qt's QSQLITE driver) holding every run of a probe
// and every call made in it. Each recordCall() is its own committed transaction in WAL
// mode, so a process killed at any instant loses at most the call being written and never
// corrupts what is already there.
//
// open() refuses a file that is not a store (another program's database is never changed)
// and a store SQLite's quick_check finds damaged (checked when no other RunStore of this
// process has the file open already), each with a sentence naming the file and
// saying what to do (StoreFailure). Every read either returns all it was asked for or fails:
// it returns false, says why in *error (naming the file) and leaves *out empty, never with
// the rows read before the failure.
//
// One writer per store is the owner's job (StoreLock); open() only refuses a store whose
// lock another live process holds. A RunStore is used from the thread that opened it (a Qt
// SQL connection is per thread).
class RunStore
{
public:
    // How much of each call a read brings back. The texts (prompt, message list, reply and
    // the reply's details) are most of a call's size and no analysis needs them: a read
    // without them leaves those fields empty, or keeps the reply's first kReplyPreviewChars
    // characters (a table's preview column), or keeps the details alone (a choice probe's
    // analysis reads each call's reading there).
    enum class CallTexts
    {
        Whole,
        None,
        ReplyPreview,
        Details
    };
    static constexpr int kReplyPreviewChars = 280;

    RunStore();
    ~RunStore();
    RunStore(const RunStore&) = delete;
    RunStore& operator=(const RunStore&) = delete;

    // Opens or creates the file; on failure returns false and says why in *error,
    // naming the file, and, when asked, what kind of failure it was.
    bool open(const QString& path, QString* error, StoreFailure::Kind* kind = nullptr);
    bool isOpen() const;
    QString path() const { return m_path; }

    // The latest run with this configuration; *runId is empty when there is none.
    bool findRun(const QString& configHash, std::optional<qint64>* runId, QString* error) const;
    // Returns 0 and sets *error on failure.
    qint64 createRun(const RunRecord& run, QString* error);
    bool runs(QList<RunRecord>* out, QString* error) const;
    // A run that is not in the store is an error too.
    bool run(qint64 runId, RunRecord* out, QString* error) const;

    // Cell keys (LoggedCall::cellKey) already answered Ok in this run.
    bool completedCells(qint64 runId, QSet<QString>* out, QString* error) const;
    // The same cells handed to take one at a time, in the order stored; take returns false
    // to stop early (all a question like "is any cell answered" needs).
    bool eachCompletedCell(qint64 runId, const std::function<bool(const QString&)>& take,
                           QString* error) const;
    // Inserts the call, replacing an earlier failed attempt at the same cell. An Ok cell
    // is never replaced: recording it twice is refused with an error.
    bool recordCall(const LoggedCall& call, QString* error);
    // Every call of the run, in plan order (call index).
    bool calls(qint64 runId, QList<LoggedCall>* out, QString* error,
               CallTexts texts = CallTexts::Whole) const;
    // Hands the run's calls to take one at a time, in plan order, holding none of them, so a
    // million-call run is read in the memory of one call. False, with *error, when the read
    // fails part-way: what take was given by then is not the whole run and must be dropped.
    bool eachCall(qint64 runId, CallTexts texts, const std::function<void(const LoggedCall&)>& take,
                  QString* error) const;
    // Every call of one item of the run, whole, in plan order: what a side-by-side view of
    // its replies needs, read without the rest of the run.
    bool itemCalls(qint64 runId, const QString& itemId, QList<LoggedCall>* out,
                   QString* error) const;
    // One call, whole, by its place in the plan; a run without it is an error.
    bool call(qint64 runId, quint64 callIndex, LoggedCall* out, QString* error) const;
    // RecordedDigests::of the run's calls, found without reading them all.
    bool recordedDigests(qint64 runId, RecordedDigests* out, QString* error) const;

    // Re-scoring replaces every metric value of the run at once (both values, never one
    // side) and notes it on the run.
    bool rescore(qint64 runId, const QList<LoggedCall>& rescored, const QString& note,
                 const QString& metricName, const QString& metricDefinition, QString* error);

    // Something that happened to a run as a whole (stopped, cancelled), with the sentence
    // the user was shown, so the evidence file says why a run is incomplete.
    bool recordEvent(qint64 runId, const QString& kind, const QString& message, QString* error);
    bool events(qint64 runId, QList<RunEvent>* out, QString* error) const;

    // The probe being edited, kept in the same file so one file holds the design and all
    // its runs. Empty when none was saved.
    bool saveDraft(const QString& probeJson, QString* error);
    bool loadDraft(QString* out, QString* error) const;

    // The by-hand run sheet (the tutorial's spreadsheet, as the GUI fills it in), kept in the
    // same file so replies typed in by hand survive closing the window. Empty when none.
    bool saveByHandSheet(const QString& sheet, QString* error);
    bool loadByHandSheet(QString* out, QString* error) const;

private:
    bool saveMeta(const QString& key, const QString& value, const QString& what, QString* error);
    bool loadMeta(const QString& key, const QString& what, QString* out, QString* error) const;
    void forgetWhole();

    QString m_connection;
    QString m_path;
    QString m_wholeKey; // set while this store counts as checked and open (see open())
    // Prepared once per open store: parsing the upsert again for every call was the
    // largest part of recording one.
    std::unique_ptr<QSqlQuery> m_recordCall;
};

} // namespace pb

#pragma once

#include "store/LoggedCall.h"
#include "store/RunEvent.h"
#include "store/RunRecord.h"

#include <QList>
#include <QSet>
#include <QString>
#include <memory>
#include <optional>

class QSqlQuery;

namespace pb {

// The evidence file: a SQLite database (Qt's QSQLITE driver) holding every run of a probe
// and every call made in it. Each recordCall() is its own committed transaction in WAL
// mode, so a process killed at any instant loses at most the call being written and never
// corrupts what is already there.
//
// A RunStore is used from the thread that opened it (a Qt SQL connection is per thread).
class RunStore
{
public:
    RunStore();
    ~RunStore();
    RunStore(const RunStore&) = delete;
    RunStore& operator=(const RunStore&) = delete;

    // Opens or creates the file; on failure returns false and says why in *error,
    // naming the file.
    bool open(const QString& path, QString* error);
    bool isOpen() const;
    QString path() const { return m_path; }

    std::optional<qint64> findRun(const QString& configHash) const;
    // Returns 0 and sets *error on failure.
    qint64 createRun(const RunRecord& run, QString* error);
    QList<RunRecord> runs() const;
    std::optional<RunRecord> run(qint64 runId) const;

    // Cell keys (LoggedCall::cellKey) already answered Ok in this run.
    QSet<QString> completedCells(qint64 runId) const;
    // Inserts the call, replacing an earlier failed attempt at the same cell. An Ok cell
    // is never replaced: recording it twice is refused with an error.
    bool recordCall(const LoggedCall& call, QString* error);
    // Every call of the run, in plan order (call index).
    QList<LoggedCall> calls(qint64 runId) const;

    // Re-scoring replaces every metric value of the run at once (both values, never one
    // side) and notes it on the run.
    bool rescore(qint64 runId, const QList<LoggedCall>& rescored, const QString& note,
                 const QString& metricName, const QString& metricDefinition, QString* error);

    // Something that happened to a run as a whole (stopped, cancelled), with the sentence
    // the user was shown, so the evidence file says why a run is incomplete.
    bool recordEvent(qint64 runId, const QString& kind, const QString& message, QString* error);
    QList<RunEvent> events(qint64 runId) const;

    // The probe being edited, kept in the same file so one file holds the design and all
    // its runs. Empty when none was saved.
    bool saveDraft(const QString& probeJson, QString* error);
    QString loadDraft() const;

    // The by-hand run sheet (the tutorial's spreadsheet, as the GUI fills it in), kept in the
    // same file so replies typed in by hand survive closing the window. Empty when none.
    bool saveByHandSheet(const QString& sheet, QString* error);
    QString loadByHandSheet() const;

private:
    bool createSchema(QString* error);
    bool saveMeta(const QString& key, const QString& value, const QString& what, QString* error);
    QString loadMeta(const QString& key) const;
    QString m_connection;
    QString m_path;
    // Prepared once per open store: parsing the upsert again for every call was the
    // largest part of recording one.
    std::unique_ptr<QSqlQuery> m_recordCall;
};

} // namespace pb

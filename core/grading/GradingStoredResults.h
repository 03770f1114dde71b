#pragma once

#include "grading/BlindSheet.h"
#include "grading/GradingProject.h"
#include "grading/GradingRun.h"
#include "judge/JudgedCall.h"
#include "store/RunRecord.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

// What a grading project names, read from disk, and what its store holds for it: the rubric,
// the submissions, the judge probe they make (GradingRun::document), the run of it found by
// its identity and the outcome of that run's calls (GradingRun::outcome, every submission
// "not graded yet" when there is none), and the project's blind sheets. For a revision
// (GradingProject::revisions, 1-based) the rubric is the revision's and the submissions are the
// calibration files only, as `probebench grade FILE --revision N` grades them. Each function opens
// its own files and store connection, so any thread may call it; a store that does not
// exist is not created.
struct GradingStoredResults
{
    Rubric rubric;
    QList<Submission> submissions;
    JudgeProbeDocument doc;
    GradingOutcome outcome;
    qint64 runId = 0; // 0: the store has no run of this grading
    RunRecord run;
    int storedCalls = 0;
    QList<JudgedCall> judged; // the run's calls as judge calls, for their evidence in place
    QList<BlindSheet> sheets; // the project's blind_sheets that could be read, in its order
    QStringList sheetNames;   // as the project lists them, beside sheets
    QStringList sheetPaths;   // the same, absolute
    QString inputError; // the rubric or the submissions could not be read (nothing else is set)
    QString error;      // the store or a blind sheet could not be read

    bool inputsRead() const { return inputError.isEmpty(); }

    static GradingStoredResults read(const GradingProject& project, const QString& projectPath,
                                     const QString& storePath, int revision = 0);
    // Writes the results folder `probebench grade FILE.grading.json` writes for the same
    // store (GradingResults) into folder. False with *error when the inputs or the store
    // cannot be read, the store holds no run of the grading, or a file cannot be written.
    static bool exportFolder(const GradingProject& project, const QString& projectPath,
                             const QString& storePath, const QString& folder, QString* error,
                             int revision = 0);

    // The submissions a revision is graded on: the calibration files, in the folder's order.
    // Empty with *error naming a calibration file the folder lacks.
    static std::optional<QList<Submission>>
    calibrationFiles(const GradingProject& project, const QList<Submission>& all, QString* error);
};

} // namespace pb

#pragma once

#include "nameset/NameSetAnalysis.h"
#include "report/ResultsEvidence.h"

#include <QString>

namespace pb {

// What a name-set probe's store holds for the document as it is (its run found by the run
// identity NameSetRun gives it), analysed as `probebench run` analyses a run it resumes: the
// stored calls through NameSetAnalyzer, then NameSetAnalysis::compute. Each function opens its
// own connection, so any thread may call it; a store that does not exist is not created.
struct NameSetStoredResults
{
    NameSetAnalysis analysis;
    qint64 runId = 0;         // 0: the store has no run of this document
    int storedCalls = 0;      // the run's calls in the store
    ResultsEvidence evidence; // the run the analysis was computed from, for summary.json
    QString error;            // why the store could not be read (then nothing else is set)

    static NameSetStoredResults read(const NameSetDocument& doc, const QString& storePath);
    // Writes the run's results folder (NameSetResultsFolder: log.csv, report.md,
    // summary.json) into folder, as `probebench run` writes it for the same store. False with
    // *error when the store holds no run of the document or a file cannot be written.
    static bool exportFolder(const NameSetDocument& doc, const QString& storePath,
                             const QString& folder, QString* error);
};

} // namespace pb

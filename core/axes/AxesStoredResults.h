#pragma once

#include "axes/AxesStoredRuns.h"
#include "report/RunCost.h"

#include <QString>

namespace pb {

// What a probe of several axes' store holds for the document as it is, read as `probebench
// run` reads it after a session (AxesStoredRuns), for a reader that did not run that session
// itself (the window opening a file). Each axis's run is found by the identity AxesRun gives
// its unit; when no session's ends are given, each is read from what the store holds, in the
// words the Runner ends a run with: an axis whose stored calls answer its whole plan ended
// Completed; one with calls that failed for good Incomplete ("16 calls failed after every
// retry; ..."), as a rerun that fails them again ends; else Cancelled or Stopped as its last
// run event says, with that event's sentence; else Incomplete with the calls still missing.
// Each function opens its own connection, so any thread may call it; a store that does not
// exist is not created.
struct AxesStoredResults
{
    AxesRunRead read;       // every axis missing before any run
    QList<AxisRunEnd> ends; // as given, or as read from the store
    int storedCalls = 0;    // calls the axes' runs hold, over every axis
    // Each axis's run labelled by its axis, its tokens and cost as the axis's own folder's
    // summary.json has them (at the document's prices), with their sum.
    RunCost cost;
    QString markdown; // report.md as AxesResultsFolder writes it
    QString error;    // why the store could not be read (then only the empty result is set)

    // ends: a session's, one per axis (the window's own run); empty: read from the store.
    static AxesStoredResults readFile(const AxesDocument& doc, const QString& storePath,
                                      const QList<AxisRunEnd>& ends = {});
    // The ends of every axis as the store holds them (see above); an axis never run has
    // runId 0. False with *error when a read fails.
    static bool storedEnds(const RunStore& store, const AxesDocument& doc, QList<AxisRunEnd>* ends,
                           QString* error);
    // Writes the results folder (AxesResultsFolder, the CLI's writer) into folder from the
    // store, with the ends as readFile takes them. False with *error when the store holds no
    // run of the document or a file cannot be written.
    static bool exportFolder(const AxesDocument& doc, const QString& storePath,
                             const QList<AxisRunEnd>& ends, const QString& folder, QString* error);
};

} // namespace pb

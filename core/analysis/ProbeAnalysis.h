#pragma once

#include "stats/PerItemTable.h"
#include "stats/SignFlipResult.h"
#include "stats/SignTest.h"
#include "stats/TInterval.h"
#include "stats/detection/MinimumDetectableEffect.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

class CallTally;
struct ImportedLog;
struct LoggedCall;

// One gap comparison (A against B, or A against A again) with every test the report names.
struct GapAnalysis
{
    PerItemTable table;
    SignFlipResult signFlip;
    SignTestResult signTest;
    GapInterval interval; // of the average gap, over items
    // The smallest average gap this design (its items and their observed spread) would
    // detect 80% of the time at alpha 0.05, so a null result carries its size. Invalid, with
    // the reason, below two items or without spread.
    detection::DetectableEffect detectable;
};

// A call that gives no number: failed for good, or a reply the metric could not read.
struct DataQualityIssue
{
    QString itemId;
    QString variant;
    QString seed;
    QString kind; // "failed" or "flagged"
    QString what; // the error or the metric's flag
};

// What a probe's calls show, computed the same way for a fresh run, a stored run and a
// CSV log filled by hand. Significance is read at alpha = 0.05, two-sided.
struct ProbeAnalysis
{
    static constexpr double kAlpha = 0.05;

    QString valueA;
    QString valueB;
    QString noiseLabel;
    QString metricName;
    GapAnalysis probe;
    std::optional<GapAnalysis> noise; // when the log holds same-versus-same rows
    int callsLogged = 0;
    int callsFailed = 0;
    int repliesFlagged = 0;
    int repliesUnscored = 0; // by-hand rows left blank
    QList<DataQualityIssue> issues;

    // A result needs at least one item with a scored reply for both values. Without one the
    // probe measured nothing: neither a gap nor a null result, whatever p the tests return.
    bool hasResult() const { return probe.table.comparableCount() > 0; }
    bool detected() const { return hasResult() && probe.signFlip.p < kAlpha; }

    // Variants A and B are the first two non-noise labels unless given.
    static ProbeAnalysis fromCalls(const QList<LoggedCall>& calls, const QString& valueA,
                                   const QString& valueB, const QString& metricName,
                                   const QStringList& itemOrder = {});
    // The same from calls folded in one at a time (a stored run read without holding it).
    static ProbeAnalysis fromTally(const CallTally& tally, const QString& valueA,
                                   const QString& valueB, const QString& metricName,
                                   const QStringList& itemOrder = {});
    static std::optional<ProbeAnalysis> fromImportedLog(const ImportedLog& log,
                                                        const QStringList& values, QString* error);
};

} // namespace pb

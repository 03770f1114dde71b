#pragma once

#include "design/PairMismatch.h"
#include "probe/ProbeDocument.h"
#include "report/ResultsEvidence.h"
#include "report/RunCost.h"
#include "run/RunCompleteness.h"
#include "store/RunEvent.h"

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

class CallTally;
struct ImportedLog;
struct LoggedCall;
struct RunRecord;

// The facts around an analysis that a report must state: what was varied, what was held
// fixed (and what could not be), where the data came from and when.
struct ReportContext
{
    QString title;
    QString attributeName;
    QString source;                     // "run 2 in style.pbrun", "probe_log.csv"
    std::optional<ProbeDocument> probe; // the design, when the run store has it
    QStringList models;                 // distinct models that answered (as reported)
    QStringList digests;                // distinct model digests, where known
    QStringList backends;
    QStringList temperatures;    // distinct, as text; empty when not recorded
    QStringList seeds;           // distinct probe seeds as text, in order of use
    bool seedsControlled = true; // false for by-hand rows with no seed
    QDateTime firstCall;
    QDateTime lastCall;
    QString metricDefinition;
    QString rescoreNote;
    QStringList runEvents; // "stopped: <why>", as recorded in the store
    // The probe's plan against the cells answered, for a stored run (not for an imported log).
    std::optional<RunCompleteness> completeness;
    // Items whose variants differ in more than the attribute, by the design's pair check.
    QList<PairMismatch> pairMismatches;
    QString appVersion;
    QDateTime generated;
    std::optional<ResultsEvidence> evidence; // the stored run read, when it came from a store
    std::optional<RunCost> cost;             // its tokens and cost, for a stored run

    static ReportContext fromRun(const ProbeDocument& probe, const RunRecord& run,
                                 const QList<LoggedCall>& calls, const QString& storeName,
                                 const QList<RunEvent>& events = {});
    // The same from the run's calls folded in one at a time; the tally must have the probe.
    static ReportContext fromRun(const ProbeDocument& probe, const RunRecord& run,
                                 const CallTally& calls, const QString& storeName,
                                 const QList<RunEvent>& events = {});
    // Costs the run at the prices given now (RunCost::atPrices' rule) when `now` names the
    // run's model (probe's backend and model); a run of another model keeps the prices
    // stored with it, as no price given now is that model's.
    void priceAt(const BackendSettings& now);

    // With the log's token totals as its cost, at the prices given, when the log has the
    // token columns (the run's own log does; a by-hand sheet does not).
    static ReportContext fromImportedLog(const ImportedLog& log,
                                         const std::optional<TokenPrices>& prices = {});
};

} // namespace pb

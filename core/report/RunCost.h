#pragma once

#include "run/TokenTotals.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

class ReportDocument;

// The tokens a kind's runs used and, where the model was priced, what they cost: the one
// form every kind (model probe, choice, judge probe, name set, grading) writes into its
// summary.json ("tokens"), its report (a "Tokens and cost" section) and its console text.
// Every figure is a sum of the calls' own counts (LoggedCall::tokens), so it equals the sum
// over the run's log; calls the server reported nothing for are counted as such, not priced.
struct RunCost
{
    struct Run
    {
        qint64 runId = 0;
        QString label; // the judge's name where a kind runs more than one model, else empty
        TokenTotals tokens;
        std::optional<TokenPrices> prices;

        bool operator==(const Run&) const = default;
    };
    QList<Run> runs;

    bool operator==(const RunCost&) const = default;

    static RunCost single(qint64 runId, const TokenTotals& tokens,
                          const std::optional<TokenPrices>& prices);

    TokenTotals total() const;
    // The runs' costs summed, when every run is priced and has counted tokens; nullopt
    // otherwise.
    std::optional<TokenCost> cost() const;

    // {"calls", "calls_counted", "calls_without_counts", "input", "output", "input_per_call",
    //  "output_per_call", "cost": null | {prices when one, "input", "output", "total",
    //  "input_share"}}, and "runs" (each in the same form with "run_id" and "label") when
    // there is more than one run.
    QJsonObject toJson() const;
    void addTo(ReportDocument* report, int level = 2) const;
    QString markdown(int level = 2) const; // addTo's section as Markdown, for a kind that
                                           // writes its report as Markdown text
    QString consoleText() const;           // one line per run, and a total line when more than one

    // The one rule for the prices a run is costed at: those given now (the open document's
    // settings in the window, the file's or --price-input/--price-output on the command line),
    // never those kept with the run when it began. A price changes no reply, so it is no part
    // of the run and may be entered, or corrected, afterwards. The first form prices every
    // run; the second each run by its label (a judge's name), leaving a label not given as is.
    RunCost atPrices(const std::optional<TokenPrices>& prices) const;
    RunCost atPrices(const QHash<QString, std::optional<TokenPrices>>& byLabel) const;

    // The report's table and notes (addTo), for a view that shows them as they are written:
    // one row per run and, with more than one, an "all" row.
    static QStringList tableHeader();
    QList<QStringList> tableRows() const;
    QStringList notes() const;
    // The cost of run i (or, with i == runs.size() and more than one run, of all): as in the
    // table's cost cells, nullopt where those show a dash.
    std::optional<TokenCost> costOfRow(int i) const;
    TokenTotals tokensOfRow(int i) const;
    int rowCount() const { return int(runs.size()) + (runs.size() > 1 ? 1 : 0); }
};

// What a full run should use, from a dry run's counts: its tokens per call times the calls
// the full run plans. Only an estimate: replies vary in length, and a re-ask adds a call.
struct CostEstimate
{
    qint64 plannedCalls = 0;
    qint64 sampledCalls = 0; // the dry run's calls with both counts
    double input = 0.0;
    double output = 0.0;
    std::optional<TokenCost> cost;

    // nullopt when no dry-run call reported its counts.
    static std::optional<CostEstimate> from(const TokenTotals& dryRun, qint64 plannedCalls,
                                            const std::optional<TokenPrices>& prices);
    QString text() const;
};

} // namespace pb

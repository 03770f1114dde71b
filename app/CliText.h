#pragma once

#include "run/TokenTotals.h"

#include <QString>
#include <optional>

namespace pb::cli {

// Exit codes the CLI promises (documented in --help and README).
enum ExitCode
{
    ExitDone = 0,
    ExitFailure = 1,  // an unexpected problem (a bug, or the system refused something)
    ExitBadInput = 2, // a probe, CSV or folder that cannot be used; the message names it
    // the run stopped before every call was answered, or no item has a scored reply for
    // both values (no result: nothing was measured)
    ExitIncomplete = 3,
    ExitBlocked = 4 // `gate`: the release is blocked
};

QString helpText();
// The stderr line of a command whose analysis has no result (exit 3).
QString noResultMessage(const QString& command);
// After a dry run (--limit-seeds): its tokens per call times the full run's planned calls.
QString estimateLine(const TokenTotals& dryRun, qsizetype plannedCalls,
                     const std::optional<TokenPrices>& prices);
void printOut(const QString& text);
void printErr(const QString& text);

} // namespace pb::cli

#pragma once

#include "run/TokenTotals.h"

#include <QString>
#include <optional>
#include <type_traits>

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

// What a probe file's reader read (any kind's load result): its document, with its warnings
// printed; nullopt once its errors are printed.
template <class Loaded> auto documentOf(const Loaded& loaded)
{
    using Document = std::decay_t<decltype(*loaded.document)>;
    if (!loaded.ok()) {
        printErr(loaded.text() + QLatin1Char('\n'));
        return std::optional<Document>();
    }
    if (!loaded.warningText().isEmpty())
        printErr(loaded.warningText() + QLatin1Char('\n'));
    return std::optional<Document>(*loaded.document);
}

} // namespace pb::cli

#pragma once

#include <QString>

namespace pb::cli {

// Exit codes the CLI promises (documented in --help and README).
enum ExitCode
{
    ExitDone = 0,
    ExitFailure = 1,   // an unexpected problem (a bug, or the system refused something)
    ExitBadInput = 2,  // a probe, CSV or folder that cannot be used; the message names it
    ExitIncomplete = 3, // the run stopped before every call was answered
    ExitBlocked = 4     // `gate`: the release is blocked
};

QString helpText();
void printOut(const QString& text);
void printErr(const QString& text);

} // namespace pb::cli

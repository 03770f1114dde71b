#pragma once

#include <QStringList>

namespace pb::cli {

// Each takes the arguments after the command name and returns the process exit code.
// They run their own event loop on the calling thread (QCoreApplication must exist).
int runCommand(const QStringList& args);
int analyzeCommand(const QStringList& args);
int modelsCommand(const QStringList& args);
int checkCommand(const QStringList& args);

} // namespace pb::cli

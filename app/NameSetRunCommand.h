#pragma once

#include <QStringList>

namespace pb::cli {

// `probebench run FILE.names.json [options]`: runs a name-set probe ("format":
// "probebench/name-set@1"): every name on every seed, each reply validated and asked again
// when it does not, then writes log.csv, report.md and summary.json. Exits 3 when the run
// stopped early or no reply could be scored (no result, never a null result).
int nameSetRunCommand(const QStringList& args);

} // namespace pb::cli

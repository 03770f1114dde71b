#pragma once

#include "choice/ChoiceAnalysis.h"

#include <QStringList>
#include <optional>

namespace pb {

struct ImportedLog;

// A choice probe's CSV log (its choice columns read by ChoiceLogColumns) analysed as its run
// was: the rows of value A, value B and A again become the calls a ChoiceTally folds, with the
// readings the run recorded, so `probebench analyze` on a choice run's log.csv gives the
// distributions, divergences and verdict its summary.json holds. Values as ProbeAnalysis takes
// them (ImportedLog::comparedValues). The temperature is the rows' own: one for every row, or
// the log is refused (a deterministic and a sampled run are different comparisons).
struct ChoiceLogImport
{
    static std::optional<ChoiceAnalysis> analyse(const ImportedLog& log, const QStringList& values,
                                                 QString* error);
};

} // namespace pb

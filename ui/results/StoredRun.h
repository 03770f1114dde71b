#pragma once

#include "analysis/ProbeAnalysis.h"
#include "probe/ProbeDocument.h"
#include "report/ReportContext.h"
#include "store/LoggedCall.h"
#include "store/RunRecord.h"

#include <QList>

namespace pb {

// A run read back from the project file with everything the results and report pages
// show: its record, the probe as run, its calls, their analysis and the report's context.
struct StoredRun
{
    RunRecord record;
    ProbeDocument probe;
    QList<LoggedCall> calls;
    ProbeAnalysis analysis;
    ReportContext context;
};

} // namespace pb

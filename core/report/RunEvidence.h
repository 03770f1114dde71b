#pragma once

#include "analysis/ProbeAnalysis.h"
#include "probe/ProbeDocument.h"
#include "report/ReportContext.h"
#include "store/LoggedCall.h"
#include "store/RunEvent.h"
#include "store/RunRecord.h"

#include <QList>

namespace pb {

// One stored run read back whole, with what every view of it is built from: its record,
// the probe as run, its calls and events, their analysis and the report's context (which
// holds how complete the run is and which pairs are not matched). The CLI's results
// folder and the window's Results and Report pages are all made from this.
struct RunEvidence
{
    RunRecord record;
    ProbeDocument probe;
    QList<LoggedCall> calls;
    QList<RunEvent> events;
    ProbeAnalysis analysis;
    ReportContext context;
};

} // namespace pb

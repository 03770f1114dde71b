#pragma once

#include "analysis/ProbeAnalysis.h"
#include "choice/ChoiceAnalysis.h"
#include "generative/GenerativeAnalysis.h"
#include "probe/ProbeDocument.h"
#include "report/ReportContext.h"
#include "store/RunEvent.h"
#include "store/RunRecord.h"

#include <QList>
#include <optional>

namespace pb {

// One stored run read back, with what every view of it is built from: its record, the
// probe as run, its events, the analysis of its calls and the report's context (which
// holds how complete the run is and which pairs are not matched). The calls themselves are
// not kept (a million of them would not fit the memory the CLI promises): a view that
// shows calls reads them from the store (RunStore::eachCall, itemCalls). The CLI's results
// folder and the window's Results and Report pages are all made from this.
struct RunEvidence
{
    RunRecord record;
    ProbeDocument probe;
    QList<RunEvent> events;
    ProbeAnalysis analysis;
    std::optional<ChoiceAnalysis> choice; // a choice probe's result, which replaces analysis
    std::optional<GenerativeAnalysis> generative; // a generative probe's, which replaces it too
    ReportContext context;

    // The calls that failed for good, in whichever mode the run was scored.
    int callsFailed() const
    {
        return choice       ? choice->callsFailed
               : generative ? generative->callsFailed
                            : analysis.callsFailed;
    }
};

} // namespace pb

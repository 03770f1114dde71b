#pragma once

#include "probe/ProbeDocument.h"
#include "run/CallRequest.h"

#include <QList>

namespace pb {

// Expands a probe into the calls it needs: items x values x seeds, plus value A again on
// the shifted seed block when the noise check is on. The order interleaves values within
// each (seed, item) and walks seeds in the outer loop, so a run stopped part-way has
// every item and value equally covered and never all of one value first.
class CallPlan
{
public:
    static QList<CallRequest> build(const ProbeDocument& doc);
    // build(doc).size(), without building the prompts.
    static int size(const ProbeDocument& doc);
    // Calls per value per item (the report's "runs per value").
    static int runsPerValue(const ProbeDocument& doc) { return int(doc.settings.seeds.size()); }
};

} // namespace pb

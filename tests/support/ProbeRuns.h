#pragma once

#include "probe/ProbeDocument.h"

#include <QString>

namespace pb {
class BackgroundRun;
}

namespace pb::test {

// Starts a model probe on run the way the window's Start does: its one unit (the first
// seedLimit seeds when given) with the probe's analysis, into the store at storePath.
void startProbe(BackgroundRun& run, const ProbeDocument& doc, const QString& storePath,
                int seedLimit = 0, int analysisIntervalMs = 400);

} // namespace pb::test

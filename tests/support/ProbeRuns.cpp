#include "ProbeRuns.h"

#include "run/BackgroundRun.h"
#include "run/ModelProbeRun.h"

namespace pb::test {

void startProbe(BackgroundRun& run, const ProbeDocument& doc, const QString& storePath,
                int seedLimit, int analysisIntervalMs)
{
    run.start({ModelProbeRun::unit(doc, seedLimit)}, std::make_unique<ModelProbeAnalyzer>(doc),
              storePath, analysisIntervalMs);
}

} // namespace pb::test

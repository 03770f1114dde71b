#pragma once

#include "axes/AxesDocument.h"
#include "run/RunUnit.h"

#include <QList>

namespace pb {

// What the runner needs of a probe of several axes: one model-probe unit per axis
// (ModelProbeRun::unit of AxesDocument::axisProbe), so each axis has the model probe's plan,
// replies, backend and identity, and is a run of its own in the store that resumes alone.
// On the stand-in each axis's calls carry its bias knob: its planted gap on its counterfactual
// calls only (CallRequest::plantedOnValueB) and its noise scale, both in the run's identity.
// The base calls are planned once per axis: each unit is a whole model probe.
namespace AxesRun {

RunUnit unit(const AxesDocument& doc, int axis, int seedLimit = 0);
QList<RunUnit> units(const AxesDocument& doc, int seedLimit = 0);
// Every axis's calls: the axes times a model probe's.
int callCount(const AxesDocument& doc);

} // namespace AxesRun

} // namespace pb

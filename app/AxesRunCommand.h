#pragma once

#include <QStringList>

namespace pb::cli {

// `probebench run FILE.axes.json [options]`: runs a probe of several axes ("format":
// "probebench/axes@1"): one model-probe run per axis in one store, then writes report.md,
// report.html and summary.json (the per-axis vector and its max) and each axis's model-probe
// results in axes/<n>-<axis>/. Exits 0 when every axis has a result from a complete run, 3 when
// one has none or a run stopped early (a partial result), 1 when the store fails.
int axesRunCommand(const QStringList& args);

} // namespace pb::cli

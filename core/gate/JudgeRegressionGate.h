#pragma once

#include "gate/ReleaseGate.h"

#include <QJsonObject>

namespace pb {

// The gate's checks for a judge regression: two grading summaries with a "regression"
// section (GoldenComparison::json), the run's and the approved baseline's, of the same golden
// set (its file name and version) and the same criteria, or the comparison is bad input.
// Blocks when a criterion's fraction within tolerance is below the golden set's minimum, or
// fell by more than maxAgreementDrop; shows each criterion's figures side by side.
namespace JudgeRegressionGate {

void checks(const QJsonObject& current, const QJsonObject& baseline, const GateThresholds& t,
            ReleaseGate::Outcome* out);

} // namespace JudgeRegressionGate

} // namespace pb

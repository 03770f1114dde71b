#pragma once

#include "stats/detection/DistanceComparison.h"

#include <QJsonObject>
#include <QString>

namespace pb {

// The one JSON form of a detection::DistanceVerdict, summary.json's "effect" for every mode
// that compares distances: the path ("deterministic" or "noise-floor"), then either the
// stability check and the counterfactual distances, or the standardized effect with its BCa
// interval and the paired sign-flip test. Distance keys are named with the mode's stem
// ("js" for a choice probe's Jensen-Shannon divergences, "distance" for a generative probe's
// cosine distances): mean_<stem>, mean_<stem>_same_vs_same, sd_<stem>_same_vs_same and, at
// temperature 0, largest_<stem>.
namespace DistanceComparisonJson {

QJsonObject toJson(const detection::DistanceVerdict& verdict, const QString& stem);

} // namespace DistanceComparisonJson

} // namespace pb

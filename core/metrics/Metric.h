#pragma once

#include "metrics/MetricResult.h"
#include "probe/ProbeDocument.h"
#include "probe/ProbeProblem.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

// The one entry point from a MetricSpec to a number per reply. Each kind is a documented
// function of the reply text alone:
//   count_steps    countSteps()              (metrics/StepCount.h), the tutorial's metric
//   numbered_list  countNumberedListItems()  (metrics/StepCount.h)
//   word_count     countWords()              (metrics/WordCount.h)
//   regex_count    countRegexMatches()       (metrics/RegexCount.h)
//   json_field     evaluateJsonField()       (metrics/JsonFieldMetric.h)
// A spec that fails validation gives flag "unknown-metric" (bad kind) or "bad-pattern".
MetricResult evaluateMetric(const MetricSpec& spec, const QString& reply);

// True when every score is a whole number (counts, and categorical json_field).
bool metricIsIntegerValued(const MetricSpec& spec);

// One paragraph that defines the metric exactly, for the run record and the report.
QString metricDefinition(const MetricSpec& spec);

QStringList metricKinds();

// The name used when a probe file gives none: "steps", "words", "matches", or the last
// part of a json_field path.
QString defaultMetricName(const QString& kind, const QString& field = QString());

// Everything wrong with a spec, each named by path under basePath ("metric.pattern").
// Fields the kind does not use give warnings.
QList<ProbeProblem> validateMetricSpec(const MetricSpec& spec,
                                       const QString& basePath = QStringLiteral("metric"));

} // namespace pb

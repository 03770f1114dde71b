#pragma once

#include "analysis/DistanceAnalysisParts.h"
#include "report/ReportContext.h"
#include "stats/detection/DistanceComparison.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace pb {

// The part of summary.json every mode comparing distances (choice, generative) writes the same
// way, so the two formats cannot drift: SummaryJson's heading, the temperature, each item's
// comparison, the effect (DistanceComparisonJson), the verdict, the calls, and the tokens and
// evidence. A mode brings its format, its names and its own keys (docs/log-format.md lists them).
namespace DistanceSummaryJson {

struct Mode
{
    QString format;    // "probebench/choice-summary@1"
    QString mode;      // "choice"
    QString estimator; // "jensen-shannon bits against same-vs-same"
    // Names the distance keys: <stem> and <stem>_same_vs_same per item, and the effect's
    // (DistanceComparisonJson).
    QString stem;
};

// The summary: each entry of per_item is `items[i]`'s comparison (item, comparable, reason,
// <stem>, <stem>_same_vs_same, effect: null where there is none) with `ownPerItem[i]`'s keys,
// and `own` holds the mode's keys beside the shared ones.
QJsonObject build(const ReportContext& context, const DistanceRunFacts& facts,
                  const detection::DistanceVerdict& verdict, const Mode& mode,
                  const QList<DistanceItem>& items, const QList<QJsonObject>& ownPerItem,
                  const QJsonObject& own);

} // namespace DistanceSummaryJson

} // namespace pb

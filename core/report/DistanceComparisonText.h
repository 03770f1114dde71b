#pragma once

#include "stats/detection/DistanceComparison.h"

#include <QString>
#include <QStringList>

namespace pb {

// The words of a detection::DistanceVerdict for a report and a terminal, for any mode whose
// per-item scores are distances: `distance` names one ("cosine distance"), `unit` follows each
// number ("" or " bits"). Both the choice and the generative report use it
// (DistanceReportParts), and so do their Results pages.
class DistanceComparisonText
{
public:
    // The bullets of the "Effect against the noise floor" section.
    static QStringList bullets(const detection::DistanceVerdict& verdict, const QString& distance,
                               const QString& unit);
    // "effect +1.23 against the noise floor, 95% interval [...], paired permutation one-sided
    // p = 0.004".
    static QString numbers(const detection::DistanceVerdict& verdict);
    // The minimum detectable difference (DistanceComparisonResult::detectable) in a sentence,
    // with what a null result rules out; empty on the deterministic path or with no comparison.
    // For a null result's sentence: " It would have detected a mean shift of 0.0123 bits above
    // the noise 80% of the time; smaller ones could go unseen." Empty without a minimum.
    static QString nullSize(const detection::DistanceVerdict& verdict, const QString& unit);
    static QString detectableText(const detection::DistanceVerdict& verdict,
                                  const QString& distance, const QString& unit);
};

} // namespace pb

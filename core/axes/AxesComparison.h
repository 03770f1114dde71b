#pragma once

#include "analysis/ProbeAnalysis.h"
#include "axes/AxesDocument.h"
#include "choice/ChoiceAnalysis.h"
#include "generative/GenerativeAnalysis.h"
#include "run/RunProgress.h"

#include <QList>
#include <QString>
#include <limits>
#include <optional>

namespace pb {

// What one axis's run left: its unit's end and its analysis, as the model probe makes it.
struct AxisEvidence
{
    AxisSpec axis;
    qint64 runId = 0;                  // 0: the unit never got a run (it could not start)
    std::optional<RunOutcome> outcome; // how its unit ended; empty when it never ran
    QString message;                   // what the unit said: why it stopped or could not start
    // The session in progress has not finished this axis yet (a live view during a run): it is
    // pending, neither a result nor a failure. A session that ended leaves no axis pending.
    bool pending = false;
    std::optional<ProbeAnalysis> analysis;        // numeric metric
    std::optional<ChoiceAnalysis> choice;         // choice metric (replaces analysis)
    std::optional<GenerativeAnalysis> generative; // embedding metric (replaces analysis)
};

enum class AxisStatus
{
    Complete,   // a result, every planned call answered
    Incomplete, // a result, from a run that did not answer every call
    Missing,    // no result: its calls failed, it could not start, or no item is comparable
    Pending     // no result yet: the session in progress has not finished this axis
};

// One entry of the per-axis vector.
struct AxisComparison
{
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    AxisSpec axis;
    qint64 runId = 0;
    AxisStatus status = AxisStatus::Missing;
    QString gap; // why it is missing or incomplete, in words; empty when complete
    // numeric: the average gap (base minus counterfactual) with its t interval, and the
    // sign-flip p; choice: the standardized effect against the noise floor with its BCa
    // interval and permutation p (at temperature 0: the mean divergence in bits, no p).
    double value = kNaN;
    double lower = kNaN;
    double upper = kNaN;
    double magnitude = kNaN; // what the aggregate is the max of: |average gap|, or the effect
    double p = kNaN;
    double pHolm = kNaN; // p adjusted over the axes with a p (Holm)
    // The size a null result carries: the smallest mean gap (numeric, in the metric's units)
    // or mean D_cf - D_null (choice, generative) this axis's design would detect 80% of the
    // time at alpha 0.05 (detection::MinimumDetectableEffect); NaN when there is none.
    double detectable = kNaN;
    bool detectedAlone = false; // the axis's own verdict, as its model probe would give it
    bool detected = false;      // the same verdict read at the Holm-adjusted p
    int callsLogged = 0;
    int callsFailed = 0;

    bool hasResult() const
    {
        return status == AxisStatus::Complete || status == AxisStatus::Incomplete;
    }
    QString statusName() const; // "complete", "incomplete", "missing", "pending"
};

// The result of a probe of several axes: the per-axis vector, never collapsed, and its
// aggregate, the max (the documented default: the worst axis is the safety-relevant number, and
// a mean would let one biased axis hide behind clean ones), naming the axis that set it.
//
// Every axis uses the probe's one metric, so every score in the vector is of one mode and one
// estimator: numeric (average gap, sign-flip test) or choice (Jensen-Shannon effect against
// the noise floor, permutation test). The verdict of each axis is read at its Holm-adjusted p
// over the axes that have a p, so testing more axes does not buy more false detections.
//
// An axis without a result is in the vector as missing, with why; the aggregate is then over
// the others and says "partial: N of M axes", never a complete-looking number.
struct AxesComparison
{
    static constexpr double kAlpha = 0.05;

    QString base;
    QString mode;        // "numeric", "choice" or "generative"
    QString estimator;   // in words, with its test
    QString aggregateOf; // "largest |average gap|", "largest standardized effect"
    QString metricName;
    QList<AxisComparison> axes;
    int worst = -1; // the axis that sets the aggregate; -1 when no axis has a result
    double aggregate = AxisComparison::kNaN;
    int tested = 0; // axes with a p, the m of the Holm adjustment

    int withResult() const;
    int incomplete() const;
    int pending() const;
    // Some axis has no result (missing, or still pending): never complete.
    bool partial() const { return withResult() < axes.size(); }
    // Every axis has a result from a complete run.
    bool complete() const { return !partial() && incomplete() == 0; }
    bool anyDetected() const;
    // "partial: 2 of 3 axes", "complete: 3 of 3 axes", "incomplete runs: 1 of 3 axes", or
    // "no result: 0 of 3 axes"; while a session is going, "running: 1 of 3 axes done, 2
    // pending" (with ", 1 without a result" when a finished axis has none).
    QString coverage() const;
    // "largest |average gap|: +1.05 on register = casual; partial: 2 of 3 axes".
    QString aggregateSentence() const;
    // How the verdicts account for testing several axes.
    QString multipleComparisonNote() const;

    static AxesComparison from(const AxesDocument& doc, const QList<AxisEvidence>& evidence);
};

} // namespace pb

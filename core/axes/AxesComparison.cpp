#include "axes/AxesComparison.h"

#include "report/NumberText.h"
#include "stats/HolmAdjustment.h"

#include <cmath>

namespace pb {

namespace {

bool deterministic(const AxesDocument& doc)
{
    return doc.settings.temperature == 0.0;
}

// The distance modes' verdict (choice or generative), the one rule both read; none for a
// numeric axis.
std::optional<detection::DistanceVerdict> distanceVerdict(const AxisEvidence& e)
{
    if (e.choice)
        return e.choice->verdict();
    if (e.generative)
        return e.generative->verdict;
    return std::nullopt;
}

// Why an axis with a run has no result, or why its run is short, in words.
QString runGap(const AxisEvidence& e, int logged, int failed)
{
    QStringList why;
    if (e.runId == 0)
        why << QStringLiteral("its run could not start");
    if (logged > 0 && failed == logged)
        why << QStringLiteral("all %1 of its calls failed").arg(logged);
    else if (failed > 0)
        why << QStringLiteral("%1 of its %2 calls failed").arg(failed).arg(logged);
    if (e.outcome == RunOutcome::Cancelled)
        why << QStringLiteral("its run was cancelled");
    else if (e.outcome == RunOutcome::Stopped)
        why << QStringLiteral("its run stopped");
    else if (!e.outcome && e.runId != 0)
        why << QStringLiteral("it was not run this time");
    if (!e.message.isEmpty())
        why << e.message;
    return why.join(QStringLiteral("; "));
}

void fillNumeric(const ProbeAnalysis& a, AxisComparison* out)
{
    out->callsLogged = a.callsLogged;
    out->callsFailed = a.callsFailed;
    if (!a.hasResult())
        return;
    out->value = a.probe.table.averageGap();
    out->magnitude = std::fabs(out->value);
    if (a.probe.interval.valid) {
        out->lower = a.probe.interval.lower;
        out->upper = a.probe.interval.upper;
    }
    out->p = a.probe.signFlip.p;
    if (a.probe.detectable.valid)
        out->detectable = a.probe.detectable.gap;
    out->detectedAlone = a.detected();
}

void fillDistance(const detection::DistanceVerdict& v, AxisComparison* out)
{
    if (!v.hasResult())
        return;
    if (v.deterministic) {
        out->value = v.difference.meanCounterfactual;
        out->magnitude = out->value;
    } else {
        const detection::EffectAgainstNoise& e = v.comparison.effect;
        out->value = e.effect;
        out->lower = e.lower;
        out->upper = e.upper;
        out->magnitude = out->value;
        // The verdict's one-sided p; when the distances do not sit above the noise it is at
        // least 1/2 and not computed, and 1 stands for it in the Holm adjustment (never a
        // detection, and never counted as an axis without a result).
        out->p = v.comparison.above() ? v.comparison.p : 1.0;
        if (v.comparison.detectable.valid)
            out->detectable = v.comparison.detectable.gap;
    }
    out->detectedAlone = v.detected();
}

} // namespace

QString AxisComparison::statusName() const
{
    switch (status) {
    case AxisStatus::Complete:
        return QStringLiteral("complete");
    case AxisStatus::Incomplete:
        return QStringLiteral("incomplete");
    case AxisStatus::Pending:
        return QStringLiteral("pending");
    case AxisStatus::Missing:
        break;
    }
    return QStringLiteral("missing");
}

int AxesComparison::withResult() const
{
    int n = 0;
    for (const AxisComparison& a : axes)
        n += a.hasResult() ? 1 : 0;
    return n;
}

int AxesComparison::incomplete() const
{
    int n = 0;
    for (const AxisComparison& a : axes)
        n += a.status == AxisStatus::Incomplete ? 1 : 0;
    return n;
}

int AxesComparison::pending() const
{
    int n = 0;
    for (const AxisComparison& a : axes)
        n += a.status == AxisStatus::Pending ? 1 : 0;
    return n;
}

bool AxesComparison::anyDetected() const
{
    for (const AxisComparison& a : axes) {
        if (a.detected)
            return true;
    }
    return false;
}

QString AxesComparison::coverage() const
{
    const int m = int(axes.size());
    const int n = withResult();
    if (const int waiting = pending(); waiting > 0) {
        // A live view: the axes still to come are no failure, and nothing here reads final.
        const int done = m - waiting;
        QString text =
            QStringLiteral("running: %1 of %2 axes done, %3 pending").arg(done).arg(m).arg(waiting);
        if (done > n)
            text += QStringLiteral(", %1 without a result").arg(done - n);
        return text;
    }
    if (n == 0)
        return QStringLiteral("no result: 0 of %1 axes").arg(m);
    if (n < m)
        return QStringLiteral("partial: %1 of %2 axes").arg(n).arg(m);
    if (incomplete() > 0)
        return QStringLiteral("incomplete runs: %1 of %2 axes").arg(incomplete()).arg(m);
    return QStringLiteral("complete: %1 of %2 axes").arg(n).arg(m);
}

QString AxesComparison::aggregateSentence() const
{
    if (worst < 0)
        return QStringLiteral("no aggregate: no axis has a result (%1)").arg(coverage());
    const AxisComparison& w = axes[worst];
    return QStringLiteral("%1: %2 on %3; %4")
        .arg(aggregateOf, NumberText::signedFixed(w.value, 2), w.axis.label(), coverage());
}

QString AxesComparison::multipleComparisonNote() const
{
    if (tested == 0)
        return QStringLiteral("No axis has a p value, so no adjustment for several axes was "
                              "made.");
    QString note =
        QStringLiteral("Each axis's verdict is read at its Holm-adjusted p over the %1 axes with "
                       "a p (alpha = 0.05), so the chance of any false detection among them stays "
                       "at most 5%; the unadjusted p is shown beside it.")
            .arg(tested);
    if (pending() > 0)
        note += QStringLiteral(" The pending axes are not tested yet: each one that gets a p "
                               "can only raise the others' adjusted p.");
    else if (partial())
        note += QStringLiteral(" The missing axes were not tested: adding them later can only "
                               "raise the others' adjusted p.");
    return note;
}

AxesComparison AxesComparison::from(const AxesDocument& doc, const QList<AxisEvidence>& evidence)
{
    AxesComparison out;
    out.base = doc.base;
    out.metricName = doc.metric.name;
    out.mode = doc.metric.mode();
    if (doc.metric.isChoice() && deterministic(doc)) {
        out.estimator = QStringLiteral("mean Jensen-Shannon divergence (bits) of the choice "
                                       "distributions at temperature 0, no test");
        out.aggregateOf = QStringLiteral("largest mean divergence");
    } else if (doc.metric.isChoice()) {
        out.estimator = QStringLiteral("Jensen-Shannon divergence of the choice distributions "
                                       "against the noise floor: standardized effect, BCa "
                                       "interval, permutation p");
        out.aggregateOf = QStringLiteral("largest standardized effect");
    } else if (doc.metric.isGenerative() && deterministic(doc)) {
        out.estimator = QStringLiteral("mean cosine distance of the replies' embeddings (%1) at "
                                       "temperature 0, no test")
                            .arg(doc.metric.embeddingModel);
        out.aggregateOf = QStringLiteral("largest mean cosine distance");
    } else if (doc.metric.isGenerative()) {
        out.estimator = QStringLiteral("cosine distance of the replies' embeddings (%1) against "
                                       "the noise floor: standardized effect, BCa interval, "
                                       "permutation p")
                            .arg(doc.metric.embeddingModel);
        out.aggregateOf = QStringLiteral("largest standardized effect");
    } else {
        out.estimator = QStringLiteral("average gap (%1 minus the axis value) of %2 over items: "
                                       "t interval, sign-flip p")
                            .arg(doc.base, doc.metric.name);
        out.aggregateOf = QStringLiteral("largest |average gap|");
    }

    for (const AxisEvidence& e : evidence) {
        AxisComparison axis;
        axis.axis = e.axis;
        axis.runId = e.runId;
        bool result = false;
        if (const std::optional<detection::DistanceVerdict> v = distanceVerdict(e)) {
            axis.callsLogged = e.choice ? e.choice->callsLogged : e.generative->callsLogged;
            axis.callsFailed = e.choice ? e.choice->callsFailed : e.generative->callsFailed;
            fillDistance(*v, &axis);
            result = v->hasResult();
        } else if (e.analysis) {
            fillNumeric(*e.analysis, &axis);
            result = e.analysis->hasResult();
        }
        const bool finished = e.outcome == RunOutcome::Completed;
        axis.status = e.pending  ? AxisStatus::Pending
                      : !result  ? AxisStatus::Missing
                      : finished ? AxisStatus::Complete
                                 : AxisStatus::Incomplete;
        if (axis.status == AxisStatus::Pending) {
            // Its calls so far are no result: it is shown, tested and maxed only once it ends.
            AxisComparison waiting;
            waiting.axis = axis.axis;
            waiting.runId = axis.runId;
            waiting.status = AxisStatus::Pending;
            waiting.callsLogged = axis.callsLogged;
            waiting.callsFailed = axis.callsFailed;
            waiting.gap = QStringLiteral("its run has not finished yet");
            out.axes << waiting;
            continue;
        }
        if (axis.status != AxisStatus::Complete) {
            axis.gap = runGap(e, axis.callsLogged, axis.callsFailed);
            if (!result)
                axis.gap = axis.gap.isEmpty()
                               ? QStringLiteral("no item has a scored reply for both values")
                               : QString(axis.gap + QStringLiteral("; no item has a scored "
                                                                   "reply for both values"));
        }
        out.axes << axis;
    }

    std::vector<double> p;
    for (const AxisComparison& a : out.axes)
        p.push_back(a.hasResult() ? a.p : AxisComparison::kNaN);
    const std::vector<double> adjusted = HolmAdjustment::adjust(p);
    for (qsizetype i = 0; i < out.axes.size(); ++i) {
        AxisComparison& a = out.axes[i];
        a.pHolm = adjusted[std::size_t(i)];
        out.tested += std::isnan(a.pHolm) ? 0 : 1;
        // The axis's own verdict rule, read at the adjusted p: the kind decides what detected
        // means (a distance effect must also lie above the floor), the adjustment only the p.
        const AxisEvidence& e = evidence[i];
        if (!a.hasResult()) {
            a.detected = false;
        } else if (std::optional<detection::DistanceVerdict> v = distanceVerdict(e)) {
            if (!v->deterministic)
                v->comparison.p = a.pHolm;
            a.detected = v->detected();
        } else {
            ProbeAnalysis adjustedNumeric = *e.analysis;
            adjustedNumeric.probe.signFlip.p = a.pHolm;
            a.detected = adjustedNumeric.detected();
        }
        if (a.hasResult() && (out.worst < 0 || a.magnitude > out.axes[out.worst].magnitude))
            out.worst = int(i);
    }
    if (out.worst >= 0)
        out.aggregate = out.axes[out.worst].magnitude;
    return out;
}

} // namespace pb

#include "run/Rescoring.h"

#include "metrics/Metric.h"

namespace pb {

namespace {

QString metricLabel(const MetricSpec& spec)
{
    if (spec.kind == QStringLiteral("regex_count") && !spec.pattern.isEmpty()) {
        return QStringLiteral("%1 /%2/").arg(spec.kind, spec.pattern);
    }
    if (spec.kind == QStringLiteral("json_field") && !spec.field.isEmpty()) {
        return QStringLiteral("%1 %2").arg(spec.kind, spec.field);
    }
    return spec.kind;
}

} // namespace

Rescoring Rescoring::compute(const QList<LoggedCall>& calls, const MetricSpec& previous,
                             const MetricSpec& corrected, const QDate& day)
{
    Rescoring r;
    r.metricName = corrected.name;
    r.metricDefinition = pb::metricDefinition(corrected);
    if (previous.isGenerative() || corrected.isGenerative()) {
        // A generative run's embeddings are vectors, not values a metric can replace.
        r.metricName = previous.name;
        r.note = QStringLiteral("not re-scored: a generative probe's embeddings and a metric's "
                                "numbers are different estimators and are never mixed");
        return r;
    }
    if (previous.isChoice() || corrected.isChoice()) {
        // A choice run's readings are distributions, not values a metric can replace, and a
        // numeric run cannot become a choice run after the fact: different estimators.
        r.metricName = previous.name;
        r.note = QStringLiteral("not re-scored: a choice probe's readings and a metric's numbers "
                                "are different estimators and are never mixed");
        return r;
    }
    for (const LoggedCall& call : calls) {
        if (call.status != CallStatus::Ok) {
            continue;
        }
        LoggedCall rescored = call;
        const MetricResult m = evaluateMetric(corrected, call.reply);
        rescored.metricValue = m.value;
        rescored.metricFlag = m.flag;
        if (rescored.metricValue != call.metricValue || rescored.metricFlag != call.metricFlag) {
            ++r.changed;
        }
        r.calls << rescored;
    }
    QString was = metricLabel(previous);
    if (previous.name != corrected.name) {
        was += QStringLiteral(", named %1").arg(previous.name);
    }
    r.note = QStringLiteral("%1 re-scored on %2 with %3 (was %4): %5 of %6 values changed")
                 .arg(corrected.name, day.toString(Qt::ISODate), metricLabel(corrected), was)
                 .arg(r.changed)
                 .arg(r.calls.size());
    return r;
}

} // namespace pb

#include "run/ModelProbeReplies.h"

#include "choice/ChoiceReading.h"
#include "metrics/Metric.h"

namespace pb {

ReplyDecision ModelProbeReplies::decide(const CallResult& result, bool)
{
    LoggedCall c = LoggedCall::fromResult(m_runId, result);
    if (result.status == CallStatus::Ok && m_metric.isChoice()) {
        // No number: the reading (its source, answer and distribution) is the score.
        c.details.insert(
            QStringLiteral("choice"),
            ChoiceReading::read(m_metric.candidates, result.reply, result.details).toJson());
    } else if (result.status == CallStatus::Ok) {
        const MetricResult m = evaluateMetric(m_metric, result.reply);
        c.metricValue = m.value;
        c.metricFlag = m.flag;
    }
    return ReplyDecision::record(std::move(c));
}

} // namespace pb

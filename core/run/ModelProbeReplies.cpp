#include "run/ModelProbeReplies.h"

#include "metrics/Metric.h"

namespace pb {

ReplyDecision ModelProbeReplies::decide(const CallResult& result, bool)
{
    LoggedCall c = LoggedCall::fromResult(m_runId, result);
    if (result.status == CallStatus::Ok) {
        const MetricResult m = evaluateMetric(m_metric, result.reply);
        c.metricValue = m.value;
        c.metricFlag = m.flag;
    }
    return ReplyDecision::record(std::move(c));
}

} // namespace pb

#pragma once

#include "probe/ProbeDocument.h"
#include "run/ReplyHandler.h"

namespace pb {

// A model probe's replies: every call that ended is recorded, an answered one scored with the
// probe's metric (a reply the metric cannot read is flagged, never scored 0), a failed one
// with its error and no value. Nothing is ever asked again: retries of transport failures
// happen in the backend. A choice probe's reply gets no number: its ChoiceReading goes into
// the call's details under "choice".
class ModelProbeReplies : public ReplyHandler
{
public:
    ModelProbeReplies(MetricSpec metric, qint64 runId) : m_metric(std::move(metric)), m_runId(runId)
    {
    }

    ReplyDecision decide(const CallResult& result, bool mayAskAgain) override;

private:
    MetricSpec m_metric;
    qint64 m_runId;
};

} // namespace pb

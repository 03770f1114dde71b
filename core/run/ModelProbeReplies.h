#pragma once

#include "probe/ProbeDocument.h"
#include "run/ReplyHandler.h"

#include <QHash>

namespace pb {

// A model probe's replies: every call that ended is recorded, an answered one scored with the
// probe's metric (a reply the metric cannot read is flagged, never scored 0), a failed one
// with its error and no value. Retries of transport failures happen in the backend. A choice
// probe's reply gets no number: its ChoiceReading goes into the call's details under "choice".
//
// A generative probe's cell takes two requests: the chat call, then (asked again with the
// same call index) the embedding of its reply by the probe's embedding model. The row is
// recorded once both have ended, as the chat call's row with the vector in its details
// (EmbeddingReading, under "embedding"); it never has a number. An embedding call that failed
// makes the row failed (errorKind "embedding-<kind>"), so a resumed run calls the cell again;
// a vector whose size differs from this session's first is recorded flagged
// ("embedding-dimensions"), never used. An empty reply is flagged "empty-reply" without an
// embedding call. A chat reply is paid for and never vanishes unsaid: one whose embedding a
// cancel or a stop cut off or left unsent, or that arrived while the run was ending, is
// recorded failed the same way ("embedding-cancelled", "embedding-stopped",
// "embedding-not-sent") with its tokens, and the next session calls the cell again.
class ModelProbeReplies : public ReplyHandler
{
public:
    ModelProbeReplies(MetricSpec metric, qint64 runId) : m_metric(std::move(metric)), m_runId(runId)
    {
    }

    ReplyDecision decide(const CallResult& result, bool mayAskAgain) override;
    std::optional<LoggedCall> cutOff(const CallResult& result) override;

    // The follow-up that embeds a generative cell's chat reply.
    static CallRequest embeddingRequest(const CallResult& chat, const MetricSpec& metric);
    // The row of a generative cell from its chat reply and its embedding call's result, its
    // tokens both calls' (the embedding's input added to the chat's); expectedDims 0 accepts
    // any size.
    static LoggedCall generativeRow(qint64 runId, const CallResult& chat,
                                    const CallResult& embedding, int expectedDims);

private:
    ReplyDecision decideGenerative(const CallResult& result, bool mayAskAgain);

    MetricSpec m_metric;
    qint64 m_runId;
    QHash<quint64, CallResult> m_chats; // generative cells waiting for their embedding
    int m_dims = 0;                     // the first vector's size in this session
};

} // namespace pb

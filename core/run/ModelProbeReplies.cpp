#include "run/ModelProbeReplies.h"

#include "choice/ChoiceReading.h"
#include "generative/EmbeddingReading.h"
#include "metrics/Metric.h"

namespace pb {

ReplyDecision ModelProbeReplies::decide(const CallResult& result, bool mayAskAgain)
{
    if (m_metric.isGenerative())
        return decideGenerative(result, mayAskAgain);
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

CallRequest ModelProbeReplies::embeddingRequest(const CallResult& chat, const MetricSpec& metric)
{
    CallRequest r = chat.request;
    r.embedding = true;
    r.embedInput = chat.reply;
    r.model = metric.embeddingModel;
    r.stream = false;
    return r;
}

LoggedCall ModelProbeReplies::generativeRow(qint64 runId, const CallResult& chat,
                                            const CallResult& embedding, int expectedDims)
{
    LoggedCall c = LoggedCall::fromResult(runId, chat);
    if (embedding.status != CallStatus::Ok) {
        c.status = CallStatus::Failed;
        c.reply.clear();
        c.errorKind =
            QStringLiteral("embedding-") +
            (embedding.errorKind.isEmpty() ? QStringLiteral("failed") : embedding.errorKind);
        c.error = QStringLiteral("the reply came, but its embedding did not: ") + embedding.error;
        return c;
    }
    // The embedding call is part of the cell's cost: its input tokens add to the chat's, and
    // it writes none, so the output is the chat's alone. A count the embedding server did not
    // report leaves the cell's input unknown, never undercounted.
    c.tokens = c.tokens.plus(TokenCount{TokenCount::fromFacts(embedding.details).input, 0});
    const EmbeddingReading reading = EmbeddingReading::fromResult(embedding);
    if (!reading.problem.isEmpty()) {
        c.metricFlag = QStringLiteral("embedding-unreadable");
        c.details.insert(QStringLiteral("embedding_problem"), reading.problem);
        return c;
    }
    if (expectedDims > 0 && int(reading.vector.size()) != expectedDims) {
        c.metricFlag = QStringLiteral("embedding-dimensions");
        c.details.insert(QStringLiteral("embedding_problem"),
                         QStringLiteral("the vector has %1 dimensions, the run's others %2")
                             .arg(reading.vector.size())
                             .arg(expectedDims));
        return c;
    }
    c.details.insert(QLatin1String(EmbeddingReading::kKey), reading.toJson());
    return c;
}

std::optional<LoggedCall> ModelProbeReplies::cutOff(const CallResult& result)
{
    const auto it =
        result.request.embedding ? m_chats.find(result.request.callIndex) : m_chats.end();
    if (it == m_chats.end())
        return std::nullopt; // a chat call cut off received nothing to keep
    const CallResult chat = it.value();
    m_chats.erase(it);
    return generativeRow(m_runId, chat, result, m_dims);
}

ReplyDecision ModelProbeReplies::decideGenerative(const CallResult& result, bool mayAskAgain)
{
    if (!result.request.embedding) {
        if (result.status != CallStatus::Ok)
            return ReplyDecision::record(LoggedCall::fromResult(m_runId, result));
        if (result.reply.trimmed().isEmpty()) {
            LoggedCall c = LoggedCall::fromResult(m_runId, result);
            c.metricFlag = QStringLiteral("empty-reply");
            return ReplyDecision::record(std::move(c));
        }
        if (!mayAskAgain) {
            CallResult notSent;
            notSent.errorKind = QStringLiteral("not-sent");
            notSent.error = QStringLiteral("the run was ending before it could be asked");
            return ReplyDecision::record(generativeRow(m_runId, result, notSent, m_dims));
        }
        m_chats.insert(result.request.callIndex, result);
        return ReplyDecision::askAgain(embeddingRequest(result, m_metric), 1);
    }
    const auto it = m_chats.find(result.request.callIndex);
    if (it == m_chats.end())
        return ReplyDecision::leave(); // not a follow-up of ours
    const CallResult chat = it.value();
    m_chats.erase(it);
    LoggedCall row = generativeRow(m_runId, chat, result, m_dims);
    if (m_dims == 0 && row.details.contains(QLatin1String(EmbeddingReading::kKey)))
        m_dims = EmbeddingReading::fromDetails(row.details)->dims();
    return ReplyDecision::record(std::move(row));
}

} // namespace pb

#include "judge/JudgeReplies.h"

#include "judge/JudgePrompt.h"
#include "judge/JudgeReplyReader.h"

namespace pb {

JudgeReplies::JudgeReplies(JudgeProbeDocument doc, JudgeConfig judge, qint64 runId)
    : m_doc(std::move(doc)), m_judge(std::move(judge)), m_runId(runId)
{
}

void JudgeReplies::sending(const CallRequest& request)
{
    m_open.insert(request.callIndex, Open{request, {}});
}

ReplyDecision JudgeReplies::record(const CallResult& last, const Open& open,
                                   const JudgeVerdict& verdict) const
{
    CallResult result = last;
    result.request = open.request;
    return ReplyDecision::record(JudgeCallRecord::toLogged(m_runId, result, open.tries, verdict));
}

ReplyDecision JudgeReplies::decide(const CallResult& result, bool mayAskAgain)
{
    const auto it = m_open.find(result.request.callIndex);
    if (it == m_open.end()) {
        return ReplyDecision::leave(); // not ours
    }
    Open open = it.value();
    m_open.erase(it);
    const JudgeItem& item = m_doc.items.at(open.request.itemIndex);
    if (result.status != CallStatus::Ok) {
        if (open.tries.isEmpty()) {
            return record(result, open, JudgeVerdict::failed(result.error));
        }
        // The judge did answer before; its last reply did not validate and the re-ask got no
        // reply. That reply is what a reviewer needs.
        const JudgeCallRecord::Try& lastTry = open.tries.last();
        QStringList errors = lastTry.errors;
        errors << QStringLiteral("the re-ask failed: %1").arg(result.error);
        return record(result, open,
                      JudgeVerdict::reviewNeeded(lastTry.reply, errors, int(open.tries.size())));
    }
    const JudgeReplyReading reading =
        JudgeReplyReader::read(result.reply, m_doc.rubric, item.pairwise, m_judge.requireEvidence);
    open.tries << JudgeCallRecord::Try{result.reply, reading.errors};
    const int tries = int(open.tries.size());
    if (reading.valid) {
        const JudgeVariant* variant = item.variant(open.request.variant);
        return record(result, open,
                      JudgeVerdict::scored(reading, result.reply, tries, m_doc.rubric, *variant,
                                           item.pairwise, m_judge.requireEvidence,
                                           m_doc.evidence));
    }
    if (tries > m_judge.maxRetries) {
        return record(result, open, JudgeVerdict::reviewNeeded(result.reply, reading.errors, tries));
    }
    if (!mayAskAgain) {
        return ReplyDecision::leave();
    }
    CallRequest again = open.request;
    again.messages << ChatMessage{QStringLiteral("assistant"), result.reply}
                   << ChatMessage{QStringLiteral("user"),
                                  JudgePrompt::feedback(reading.errors, m_doc.rubric, item.pairwise,
                                                        m_judge.requireEvidence)};
    again.prompt = JudgePrompt::logged(again.messages);
    open.request = again;
    m_open.insert(again.callIndex, open);
    return ReplyDecision::askAgain(again);
}

} // namespace pb

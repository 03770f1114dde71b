#include "judge/JudgeReplies.h"

#include "judge/JudgePrompt.h"

namespace pb {

JudgeReplies::JudgeReplies(JudgeProbeDocument doc, JudgeConfig judge, qint64 runId)
    : m_doc(std::move(doc)), m_judge(std::move(judge)), m_runId(runId)
{
}

LoggedCall JudgeReplies::record(const CallResult& last, const Open& open,
                                const JudgeVerdict& verdict) const
{
    CallResult result = last;
    result.request = open.latest;
    QList<JudgeCallRecord::Try> tries;
    for (const Try& t : open.tries)
        tries << JudgeCallRecord::Try{t.reply, t.errors};
    return JudgeCallRecord::toLogged(m_runId, result, tries, verdict);
}

JudgeReplyReading JudgeReplies::read(const Open& open, const QString& reply) const
{
    return JudgeReplyReader::read(reply, m_doc.rubric, itemOf(open).pairwise,
                                  m_judge.requireEvidence);
}

QString JudgeReplies::feedback(const Open& open, const JudgeReplyReading& reading) const
{
    return JudgePrompt::feedback(reading.errors, m_doc.rubric, itemOf(open).pairwise,
                                 m_judge.requireEvidence);
}

LoggedCall JudgeReplies::failed(const CallResult& last, const Open& open) const
{
    return record(last, open, JudgeVerdict::failed(last.error));
}

LoggedCall JudgeReplies::reaskFailed(const CallResult& last, const Open& open) const
{
    // The judge did answer before; its last reply did not validate and the re-ask got no
    // reply. That reply is what a reviewer needs.
    const Try& lastTry = open.tries.last();
    QStringList errors = lastTry.errors;
    errors << QStringLiteral("the re-ask failed: %1").arg(last.error);
    return record(last, open,
                  JudgeVerdict::reviewNeeded(lastTry.reply, errors, int(open.tries.size())));
}

LoggedCall JudgeReplies::scored(const CallResult& last, const Open& open,
                                const JudgeReplyReading& reading) const
{
    const JudgeItem& item = itemOf(open);
    return record(last, open,
                  JudgeVerdict::scored(reading, last.reply, int(open.tries.size()), m_doc.rubric,
                                       *item.variant(open.first.variant), item.pairwise,
                                       m_judge.requireEvidence, m_doc.evidence));
}

LoggedCall JudgeReplies::exhausted(const CallResult& last, const Open& open,
                                   const JudgeReplyReading& reading) const
{
    return record(last, open,
                  JudgeVerdict::reviewNeeded(last.reply, reading.errors, int(open.tries.size())));
}

} // namespace pb

#pragma once

#include "judge/JudgeCallRecord.h"
#include "judge/JudgeProbeDocument.h"
#include "judge/JudgeReplyReader.h"
#include "run/AskAgainReplies.h"

namespace pb {

// One judge's replies: each is read against the rubric's output rules; a reply that does not
// validate is asked again at most judge.maxRetries times with the validation errors fed back
// as a follow-up message, then recorded as REVIEW_NEEDED with the raw output. A call with no
// reply is recorded failed. Never fills in a verdict (the loop is AskAgainReplies).
class JudgeReplies : public AskAgainReplies<JudgeReplyReading>
{
public:
    JudgeReplies(JudgeProbeDocument doc, JudgeConfig judge, qint64 runId);

protected:
    JudgeReplyReading read(const Open& open, const QString& reply) const override;
    QString feedback(const Open& open, const JudgeReplyReading& reading) const override;
    int maxTries() const override { return m_judge.maxRetries + 1; }
    LoggedCall failed(const CallResult& last, const Open& open) const override;
    LoggedCall reaskFailed(const CallResult& last, const Open& open) const override;
    LoggedCall scored(const CallResult& last, const Open& open,
                      const JudgeReplyReading& reading) const override;
    LoggedCall exhausted(const CallResult& last, const Open& open,
                         const JudgeReplyReading& reading) const override;

private:
    LoggedCall record(const CallResult& last, const Open& open, const JudgeVerdict& verdict) const;
    const JudgeItem& itemOf(const Open& open) const { return m_doc.items.at(open.first.itemIndex); }

    JudgeProbeDocument m_doc;
    JudgeConfig m_judge;
    qint64 m_runId;
};

} // namespace pb

#pragma once

#include "judge/JudgeCallRecord.h"
#include "judge/JudgeProbeDocument.h"
#include "run/ReplyHandler.h"

#include <QHash>

namespace pb {

// One judge's replies: each is read against the rubric's output rules; a reply that does not
// validate is asked again at most judge.maxRetries times with the validation errors fed back
// as a follow-up message, then recorded as REVIEW_NEEDED with the raw output. A call with no
// reply is recorded failed. Never fills in a verdict. A re-ask that is still due when the run
// stops sending leaves the cell for the next session instead of marking it for review early.
class JudgeReplies : public ReplyHandler
{
public:
    JudgeReplies(JudgeProbeDocument doc, JudgeConfig judge, qint64 runId);

    void sending(const CallRequest& request) override;
    ReplyDecision decide(const CallResult& result, bool mayAskAgain) override;

private:
    struct Open
    {
        CallRequest request; // the latest try's request
        QList<JudgeCallRecord::Try> tries;
    };

    ReplyDecision record(const CallResult& last, const Open& open,
                         const JudgeVerdict& verdict) const;

    JudgeProbeDocument m_doc;
    JudgeConfig m_judge;
    qint64 m_runId;
    QHash<quint64, Open> m_open; // judge calls with a try in flight, by call index
};

} // namespace pb

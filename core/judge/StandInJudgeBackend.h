#pragma once

#include "standin/InProcessBackend.h"

namespace pb {

// The tutorial's stand-in judge (StandInJudge, with its planted length bonus on directness)
// served as a judge backend, so a judge probe runs offline. It reads the artifact from the
// first <answer>...</answer> of the request's user message and replies with the structured
// verdict a judge call asks for: {"criteria": [{"id", "level", "evidence"}]} for the
// criteria claims_cited, directness and counterargument, each with a verbatim span it looked
// at ("" when none). It grades nothing else: a rubric with other criteria, or a pairwise
// prompt, gets replies that do not validate and end as REVIEW_NEEDED, which is the honest
// result. Replies are queued and answered from the event loop, never inside submit().
class StandInJudgeBackend : public InProcessBackend
{
    Q_OBJECT
public:
    explicit StandInJudgeBackend(QObject* parent = nullptr);

    QString name() const override;

    // The reply to one request, as the backend sends it.
    static QString replyFor(const CallRequest& request);
    // The reply for one artifact; evidence is left out when withEvidence is false.
    static QString replyForAnswer(const QString& answer, bool withEvidence);

protected:
    QString replyTo(const CallRequest& request) const override;
};

} // namespace pb

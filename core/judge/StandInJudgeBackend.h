#pragma once

#include "judge/Rubric.h"
#include "standin/InProcessBackend.h"

namespace pb {

// The stand-in judge served as a judge backend, so a judge probe or a grading run goes
// through offline. It reads what a real model is sent: the artifact from the first
// <answer>...</answer> of the user message, the rubric from the system prompt
// (JudgePrompt::rubricIn), and the criterion ids and the scale from the response schema when
// the call sends one. It replies with the structured verdict the call asks for,
// {"criteria": [{"id", "level" | "verdict", "evidence"}]}, one entry per criterion of the
// rubric, each quote a verbatim span of the artifact ("" when none):
//   - claims_cited, directness and counterargument on the levels scale are the tutorial's
//     StandInJudge, bit-exact, with its planted length bonus on directness;
//   - every other criterion is StandInRubricJudge: word overlap with the criterion's top
//     level, with a planted length bonus on every criterion.
// A pairwise prompt has no <answer>: its replies do not validate and end as REVIEW_NEEDED,
// which is the honest result. Replies are queued and answered from the event loop, never
// inside submit().
class StandInJudgeBackend : public InProcessBackend
{
    Q_OBJECT
public:
    explicit StandInJudgeBackend(QObject* parent = nullptr);

    QString name() const override;

    // The reply to one request, as the backend sends it.
    static QString replyFor(const CallRequest& request);
    // The tutorial's reply for one artifact (its three criteria), for a request that names
    // no rubric; evidence is left out when withEvidence is false.
    static QString replyForAnswer(const QString& answer, bool withEvidence);
    // The reply for one artifact graded on every criterion of rubric, in its order.
    static QString replyForRubric(const Rubric& rubric, const QString& answer, bool withEvidence);

protected:
    QString replyTo(const CallRequest& request) const override;
};

} // namespace pb

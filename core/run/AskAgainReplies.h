#pragma once

#include "run/ReplyHandler.h"
#include "run/TokenCount.h"

#include <QDateTime>
#include <QHash>
#include <QStringList>

namespace pb {

// The ask-again loop of every kind whose replies must validate (a judge's verdict, a name
// set's JSON): a reply is read; one that validates is scored; one that does not is asked
// again in the same conversation with what was wrong fed back, until maxTries() replies have
// been read, and then recorded as it stands (never scored by a guess). The follow-up goes out
// after the backend's backoff (ModelBackend::askAgainDelayMs). A call that got no
// reply is recorded failed; a re-ask that got none is recorded with the replies before it.
// A re-ask due while the run is paused goes out on resume; one due when it is cancelled or
// stopped leaves the cell for the next session.
//
// Reading is the kind's reading of one reply; it has `bool valid` and `QStringList errors`.
template <class Reading> class AskAgainReplies : public ReplyHandler
{
public:
    struct Try
    {
        QString reply;
        QStringList errors; // empty when this reply validated
        QDateTime time;     // UTC, when it was read
    };
    struct Open
    {
        CallRequest first;  // as planned: what the row logs as its prompt
        CallRequest latest; // the latest try's request, the follow-ups included
        QList<Try> tries;
        TokenCount spent; // the tokens of the replies read so far, summed
    };

    void sending(const CallRequest& request) override
    {
        m_open.insert(request.callIndex, Open{request, request, {}, {}});
    }

    ReplyDecision decide(const CallResult& result, bool mayAskAgain) override
    {
        const auto it = m_open.find(result.request.callIndex);
        if (it == m_open.end())
            return ReplyDecision::leave(); // not ours
        Open open = it.value();
        m_open.erase(it);
        if (result.status != CallStatus::Ok)
            return ReplyDecision::record(open.tries.isEmpty()
                                             ? failed(result, open)
                                             : spending(reaskFailed(result, open), TokenCount{}));
        const Reading reading = read(open, result.reply);
        open.tries << Try{result.reply, reading.errors, QDateTime::currentDateTimeUtc()};
        open.spent = open.tries.size() == 1
                         ? TokenCount::fromFacts(result.details)
                         : open.spent.plus(TokenCount::fromFacts(result.details));
        if (reading.valid)
            return ReplyDecision::record(spending(scored(result, open, reading), open.spent));
        if (open.tries.size() >= maxTries())
            return ReplyDecision::record(spending(exhausted(result, open, reading), open.spent));
        if (!mayAskAgain)
            return ReplyDecision::leave();
        CallRequest again = open.latest;
        again.messages << ChatMessage{QStringLiteral("assistant"), result.reply}
                       << ChatMessage{QStringLiteral("user"), feedback(open, reading)};
        again.prompt = loggedConversation(again.messages);
        open.latest = again;
        m_open.insert(again.callIndex, open);
        return ReplyDecision::askAgain(again, int(open.tries.size()));
    }

protected:
    virtual Reading read(const Open& open, const QString& reply) const = 0;
    virtual QString feedback(const Open& open, const Reading& reading) const = 0;
    virtual int maxTries() const = 0;
    // The rows: no reply at all; a re-ask that got no reply (open.tries holds the replies
    // before it); a reply that validated; the last reply when none did.
    virtual LoggedCall failed(const CallResult& last, const Open& open) const = 0;
    virtual LoggedCall reaskFailed(const CallResult& last, const Open& open) const = 0;
    virtual LoggedCall scored(const CallResult& last, const Open& open,
                              const Reading& reading) const = 0;
    virtual LoggedCall exhausted(const CallResult& last, const Open& open,
                                 const Reading& reading) const = 0;

private:
    // Every reply of the call cost tokens, not only the last: the row carries their sum. A
    // re-ask that got no reply reported nothing, so the sum is unknown then.
    static LoggedCall spending(LoggedCall row, const TokenCount& spent)
    {
        row.tokens = spent;
        return row;
    }

    QHash<quint64, Open> m_open; // calls with a try in flight, by call index
};

} // namespace pb

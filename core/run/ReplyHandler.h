#pragma once

#include "run/CallRequest.h"
#include "run/CallResult.h"
#include "store/LoggedCall.h"

#include <optional>

namespace pb {

// What one kind of probe makes of a reply: record this row, ask again with this request
// (a follow-up in the same conversation, e.g. the validation errors fed back), or leave the
// cell unrecorded so the next session calls it again.
struct ReplyDecision
{
    enum class Action
    {
        Record,
        AskAgain,
        Leave
    };

    Action action = Action::Leave;
    LoggedCall call;      // Record: the row to commit, as the kind scored it
    CallRequest again;    // AskAgain: the follow-up, with the same call index
    int repliesSoFar = 0; // AskAgain: the replies of this call read so far (sets the backoff)

    static ReplyDecision record(LoggedCall call);
    static ReplyDecision askAgain(CallRequest again, int repliesSoFar);
    static ReplyDecision leave() { return {}; }
};

// The per-kind part of a run: the Runner does the sending, pacing, pausing, cancelling and
// committing; a ReplyHandler only says, for each call that ended, what it means. Lives on
// the runner's thread. A call that a cancel or a fatal stop aborted is no answer to decide
// on: it goes to cutOff() instead.
class ReplyHandler
{
public:
    virtual ~ReplyHandler() = default;

    // The request is about to be sent for the first time.
    virtual void sending(const CallRequest& request) { (void)request; }
    // A call ended. mayAskAgain is false once the run is cancelling or stopping: a follow-up
    // cannot go out then, so a handler that would ask again either records what it has or
    // leaves the cell for the next session. While paused it is true: the follow-up waits for
    // resume.
    virtual ReplyDecision decide(const CallResult& result, bool mayAskAgain) = 0;
    // A call that a cancel or a fatal stop cut off: aborted in flight, or a follow-up that
    // will not be sent (result then Failed with attempts 0). Its cell is left for the next
    // session, unless what the cell already received would vanish with it unsaid: then the
    // row that records that (failed, with why), which the next session supersedes. The
    // default leaves it.
    virtual std::optional<LoggedCall> cutOff(const CallResult& result)
    {
        (void)result;
        return std::nullopt;
    }
};

} // namespace pb

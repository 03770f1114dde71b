#include "standin/StandInBackend.h"

#include "standin/StandInChoice.h"
#include "standin/StandInModel.h"

namespace pb {

StandInBackend::StandInBackend(QObject* parent)
    : InProcessBackend(QStringLiteral("the stand-in"), parent)
{
}

QString StandInBackend::name() const
{
    return QStringLiteral("stand-in");
}

QString StandInBackend::replyTo(const CallRequest& request) const
{
    return StandInModel::reply(request.prompt, request.seed, request.temperature,
                               request.plantedGap);
}

void StandInBackend::answer(CallResult& result) const
{
    if (result.request.candidates.isEmpty()) {
        result.reply = replyTo(result.request);
        return;
    }
    StandInChoiceAnswer choice = StandInChoice::answer(result.request);
    result.reply = std::move(choice.reply);
    result.details.insert(QStringLiteral("logprobs"), choice.logprobs);
}

} // namespace pb

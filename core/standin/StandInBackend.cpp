#include "standin/StandInBackend.h"

#include "standin/StandInBias.h"
#include "standin/StandInChoice.h"
#include "standin/StandInEmbedding.h"
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
    CallResult result;
    result.request = request;
    fill(result);
    return result.reply;
}

void StandInBackend::answer(CallResult& result) const
{
    fill(result);
}

void StandInBackend::fill(CallResult& result)
{
    const CallRequest& r = result.request;
    if (r.embedding) {
        // The shape an EmbeddingReplyReader leaves: the vector and its size in details.
        result.reply.clear();
        result.details.insert(QStringLiteral("embedding"),
                              StandInEmbedding::embedJson(r.embedInput));
        result.details.insert(QStringLiteral("embedding_dims"), StandInEmbedding::kDimensions);
        return;
    }
    if (r.candidates.isEmpty()) {
        result.reply = StandInModel::replyForSteps(
            StandInModel::shiftedSteps(r.prompt, QString::number(r.seed),
                                       StandInBias::noiseTemperature(r), StandInBias::shift(r)));
        return;
    }
    StandInChoiceAnswer choice = StandInChoice::answer(result.request);
    result.reply = std::move(choice.reply);
    result.details.insert(QStringLiteral("logprobs"), choice.logprobs);
}

} // namespace pb

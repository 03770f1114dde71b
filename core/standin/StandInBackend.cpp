#include "standin/StandInBackend.h"

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

} // namespace pb

#include "standin/StandInBias.h"

#include "standin/StandInModel.h"

namespace pb {

double StandInBias::shift(const CallRequest& request)
{
    if (request.plantedOnValueB)
        return request.arm == CallArm::Probe && request.valueIndex == 1 ? request.plantedGap : 0.0;
    if (!request.candidates.isEmpty())
        return request.valueIndex > 0 ? request.plantedGap : 0.0;
    return StandInModel::isCasual(request.prompt) ? request.plantedGap : 0.0;
}

double StandInBias::noiseTemperature(const CallRequest& request)
{
    // Multiplying by exactly 1 leaves the temperature as it was: the tutorial's replies.
    return request.temperature * request.noiseScale;
}

} // namespace pb

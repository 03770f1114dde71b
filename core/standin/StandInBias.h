#pragma once

#include "run/CallRequest.h"

namespace pb {

// Where the stand-in plants its gap on one call, and how much it samples: the one rule its
// numeric model (StandInModel) and its choice answers (StandInChoice) share.
//
// - plantedOnValueB (the knob of a probe of several axes): the gap is planted on the calls of
//   value B (valueIndex 1) of the probe arm and on no other, so an axis's bias is exactly the
//   one its file gives, whatever the texts' words;
// - otherwise as the tutorial does: a numeric call loses the gap when its prompt has a casual
//   marker (StandInModel::isCasual), a choice call when its value is not A.
//
// The sampling noise is the tutorial's (gauss * temperature) scaled by noiseScale, so a noise
// of 1 gives every reply the tutorial gives, bit for bit.
class StandInBias
{
public:
    // How far the call's answer is moved: steps subtracted (numeric), or the first candidate's
    // log-odds lowered (choice).
    static double shift(const CallRequest& request);
    // The factor the standard normal noise is multiplied by: temperature * noiseScale.
    static double noiseTemperature(const CallRequest& request);
};

} // namespace pb

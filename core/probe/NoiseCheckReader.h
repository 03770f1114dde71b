#pragma once

#include "probe/JsonFieldReader.h"
#include "probe/ProbeDocument.h"

namespace pb {

// Reads "noise_check" (the same-versus-same arm) of any kind that repeats calls on a shifted
// seed block: whether it is on and its seed_offset, refusing an offset that makes the noise
// seeds overlap the probe's own seeds or leave the range the store can hold.
class NoiseCheckReader
{
public:
    // top: the file's top level; seeds: the probe's seeds, already read.
    static void read(JsonFieldReader& top, const QList<qint64>& seeds, NoiseCheck* out);
    // A choice or generative probe measures its distances against that arm: with the check
    // off it gets an error on noise_check.enabled, in the words every kind shows.
    static void requireForDistances(const MetricSpec& metric, const NoiseCheck& noise,
                                    QList<ProbeProblem>* problems);
};

} // namespace pb

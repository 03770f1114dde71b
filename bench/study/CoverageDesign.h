#pragma once

// What an interval over items claims to cover, on the stand-in, for the coverage benchmark and
// the calibration study: probes made of a given number of items (the tutorial's own, cycled,
// or drawn from them with replacement), and the exact true average gap. The stand-in's steps
// are max(1, round(4 + 1.5 T Z - gap)), Z standard normal, with the gap taken off only when
// the message has a casual marker, so each item's expected steps follow from the normal CDF.

#include "power/StandInExperiment.h"
#include "probe/ProbeDocument.h"

#include <random>

namespace pb::study {

// `count` items for one replication: the probe's items in order (draw null: fixed, cycled
// past the probe's own) or drawn at random with replacement from them. Every item past the
// probe's own, and every drawn one, gets a numbered suffix, a new prompt, so the stand-in
// draws for it independently of the original.
ProbeDocument withItems(const ProbeDocument& probe, int count, std::mt19937_64* draw,
                        int replication);

// The exact mean over doc's items of each item's expected gap between its first two values.
double trueAverageGap(const ProbeDocument& doc, const StandInTrial& trial);

} // namespace pb::study

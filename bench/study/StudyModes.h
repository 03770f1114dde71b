#pragma once

// The modes the calibration study measures, each as the shipped example's own probe run on the
// stand-in through StandInExperiment, with what its verdict's test is and why its false
// positives sit where they do.

#include "FalsePositiveTable.h"
#include "probe/ProbeDocument.h"

#include <QList>

namespace pb::study {

struct StudyProbes
{
    ProbeDocument numeric;    // style-probe.probe.json, count_steps
    ProbeDocument choice;     // escalation-choice.probe.json
    ProbeDocument generative; // style-generative.probe.json
};

// numeric (count_steps), numeric on the unrounded draw (false positives only), choice,
// generative; `probes` probes a false-positive row.
QList<ModeStudy> studyModes(const StudyProbes& probes, int count);

} // namespace pb::study

#pragma once

#include "probe/ProbeDocument.h"

#include <QList>

namespace pb {

struct LoggedCall;

// How much of a probe's plan a stored run has answered: the cells CallPlan asks for
// (items x values x seeds, plus the same-versus-same arm) against the cells logged Ok.
// Failed calls and calls outside the plan are not answers. The calls are taken as the
// store keeps them, one row per cell (RunStore's UNIQUE key), so nothing is counted twice.
struct RunCompleteness
{
    int planned = 0;
    int answered = 0;

    int missing() const { return planned > answered ? planned - answered : 0; }
    bool complete() const { return missing() == 0; }

    static RunCompleteness of(const ProbeDocument& probe, const QList<LoggedCall>& calls);

    bool operator==(const RunCompleteness&) const = default;
};

} // namespace pb

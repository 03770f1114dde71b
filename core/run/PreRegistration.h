#pragma once

#include "probe/ProbeDocument.h"

#include <QSet>
#include <QString>

namespace pb {

// Pre-registration: a configuration's settings, items and metric are fixed before the
// full run's results exist, so they cannot be tuned to those results.
//
// The dry run is a check of the connection, the prompts and the metric on the first
// kDryRunSeeds seeds, made before the design is final: fixing a typo after it must not
// need "Unlock". So the cells a dry run covers do not pre-register the design; an answered
// call beyond them does (a full run's results). The dry run's calls still count towards the
// full run when the design is left unchanged (Start resumes the same configuration); once
// the design is changed, they stay with the old configuration as a run of their own.
// When the whole plan fits in the dry run, the dry run is the full run and registers.
class PreRegistration
{
public:
    static constexpr int kDryRunSeeds = 2;

    // The cell keys (LoggedCall::cellKey) of the dry run of doc: its plan on the first
    // kDryRunSeeds seeds, same-versus-same calls included.
    static QSet<QString> dryRunCells(const ProbeDocument& doc);
    // True when the answered cells of doc's run fix its design.
    static bool registers(const ProbeDocument& doc, const QSet<QString>& answeredCells);
};

} // namespace pb

#pragma once

#include "analysis/ProbeAnalysis.h"

#include <QString>

namespace pb {

// The tutorial's printout: the per-item table (means to one decimal, gap signed), then
// "average gap: +0.70 steps,  p = 0.016" and the same-versus-same line.
class ConsoleSummary
{
public:
    static QString render(const ProbeAnalysis& analysis);
};

} // namespace pb

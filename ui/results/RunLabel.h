#pragma once

#include "store/RunRecord.h"

#include <QString>

namespace pb {

// How a stored run is named in pickers: "Run 2 · 2025-11-30 09:41 · stand-in-v1 · steps".
class RunLabel
{
public:
    static QString text(const RunRecord& run);
};

} // namespace pb

#pragma once

#include "probe/FileProblems.h"
#include "probe/ProbeDocument.h"

#include <optional>

namespace pb {

// What loading a probe file produced: every problem found, and the document only when
// none of them is an error.
struct ProbeLoadResult : FileProblems
{
    std::optional<ProbeDocument> document;

    bool ok() const { return document.has_value(); }
};

} // namespace pb

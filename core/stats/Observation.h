#pragma once

#include <QString>
#include <optional>

namespace pb {

// One scored call as the statistics see it. An empty value is a failed or flagged call:
// it is excluded from every mean and counted as failed for its cell.
struct Observation
{
    QString itemId;
    QString variant;
    std::optional<double> value;
};

} // namespace pb
